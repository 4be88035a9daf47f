// A split grammar (with CalcParser.g4): identifiers with Unicode letter classes, a keyword, and
// comments on the hidden channel.
lexer grammar CalcLexer;

LET     : 'let' ;
ASSIGN  : '=' ;
SEMI    : ';' ;
PLUS    : '+' ;
ID      : [\p{L}_] [\p{L}\p{Nd}_]* ;
INT     : [0-9]+ ;
COMMENT : '#' ~[\n]* -> channel(HIDDEN) ;
WS      : [ \t\r\n]+ -> skip ;
