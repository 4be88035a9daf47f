grammar Broken;

start : thing EOF ;
thing : 'a' missing ;
