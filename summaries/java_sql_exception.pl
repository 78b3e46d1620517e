/* Hand-written summaries of what a caught SQLException tells: getSQLState() and
   getErrorCode(), for the violations the database model raises
   ('java.sql.SQLException'(Violation), prolog/db.pl), with the values H2 gives (the state is
   the error code's digits). An SQLException the model does not name (thrown by the code, or
   by a misused JDBC object) abandons the path: its state is not known.
*/

'java.sql.SQLException.getSQLState(Throwable)'([E], R, S, S, ok) :-
    violation_code(E, Code),
    number_chars(Code, Chars),
    strings:literal(Chars, R).
'java.sql.SQLException.getErrorCode(Throwable)'([E], Code, S, S, ok) :-
    violation_code(E, Code).

violation_code(E, Code) :-
    (   E = 'java.sql.SQLException'(Violation), db:violation(Violation, Code0) -> Code = Code0
    ;   jvm:abandon
    ).
