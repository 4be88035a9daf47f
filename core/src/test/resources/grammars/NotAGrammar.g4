grammar NotAGrammar;
start : 'a' ( ;
