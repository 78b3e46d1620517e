/* Hand-written summaries of what a caught SQLException tells: getSQLState() and
   getErrorCode(), for the violations the database model raises
   ('java.sql.SQLException'(Violation), prolog/db.pl), with the values H2 gives (the state is
   the error code's digits). An SQLException the model does not name (thrown by the code, or
   by a misused JDBC object) abandons the path: its state is not known. When the tests run on
   H2 and on PostgreSQL too (a schema in PostgreSQL's dialect, db:engine/2), a path that reads
   what the two engines report differently is abandoned as well: the error code (PostgreSQL's
   is 0), and the states of a foreign key or CHECK violation. The receiver may be a caught
   exception's getCause() (cast to SQLException), null when it has none: NullPointerException.
*/

'java.sql.SQLException.getSQLState(Throwable)'([E], R, S, S, Ex) :-
    (   E == null -> Ex = exc('java.lang.NullPointerException')
    ;   violation_code(E, Violation, Code),
        Ex = ok,
        (   session_engine(S, postgres), \+ memberchk(Violation, [unique, not_null, too_long]) -> jvm:abandon(engines)
        ;   number_chars(Code, Chars),
            strings:literal(Chars, R)
        )
    ).
'java.sql.SQLException.getErrorCode(Throwable)'([E], Code, S, S, Ex) :-
    (   E == null -> Ex = exc('java.lang.NullPointerException')
    ;   violation_code(E, _, Code0),
        Ex = ok,
        (   session_engine(S, postgres) -> jvm:abandon(engines) ; Code = Code0 )
    ).

violation_code(E, Violation, Code) :-
    (   E = 'java.sql.SQLException'(Violation), db:violation(Violation, Code0) -> Code = Code0
    ;   jvm:abandon
    ).

% The engines of the path's database session: h2 without one.
session_engine(S, Engine) :-
    (   state:session(S, Session), Session = session(Db, _, _, _, _, _) -> db:engine(Db, Engine)
    ;   Engine = h2
    ).
