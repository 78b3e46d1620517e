-- no FROM, whitespace and a trailing semicolon
	SELECT a FROM t WHERE b = {1};
SELECT a FROM t;  ;

   
SELECT
