// JSON (RFC 8259) for the grammar-reduction tests and the load-and-parse benchmark.
grammar JSON;

json   : value EOF ;
value  : object | array | STRING | NUMBER | 'true' | 'false' | 'null' ;
object : '{' member (',' member)* '}' | '{' '}' ;
member : STRING ':' value ;
array  : '[' value (',' value)* ']' | '[' ']' ;

STRING : '"' (ESCAPE | PLAIN)* '"' ;
NUMBER : '-'? INTEGER FRACTION? EXPONENT? ;
WS     : [ \t\r\n]+ -> skip ;

fragment ESCAPE   : '\\' ( ["\\/bfnrt] | 'u' HEX HEX HEX HEX ) ;
fragment HEX      : [0-9a-fA-F] ;
fragment PLAIN    : ~["\\\u0000-\u001F] ;
fragment INTEGER  : '0' | [1-9] [0-9]* ;
fragment FRACTION : '.' [0-9]+ ;
fragment EXPONENT : [eE] [+-]? [0-9]+ ;
