// The fuzzingbook's EXPR_GRAMMAR (chapter "Reducing Failure-Inducing Inputs"), rule for rule:
// the binary operators carry their spaces as that grammar's expansions do ("<term> + <expr>"),
// and digits are a rule of their own, so that the derivation trees have the same shape.
grammar Expr;

start   : expr EOF ;
expr    : term ' + ' expr | term ' - ' expr | term ;
term    : factor ' * ' term | factor ' / ' term | factor ;
factor  : '+' factor | '-' factor | '(' expr ')' | integer '.' integer | integer ;
integer : digit integer | digit ;
digit   : '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' ;
