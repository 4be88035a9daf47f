parser grammar CalcParser;

options { tokenVocab = CalcLexer; }

program   : statement* EOF ;
statement   : declaration | sum SEMI ;
declaration : LET ID ASSIGN sum SEMI ;
sum       : atom (PLUS atom)* ;
atom      : ID | INT ;
