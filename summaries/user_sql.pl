/* The SQL of hand-written summaries: a case of a method without source (a vendor library that
   writes an audit row, say) runs its statements on the method's Connection argument, as the
   method's own JDBC code would.

   A summary file writes `sql(Conn, "SQL", Params, S0, S, Ex)` or
   `sql(Conn, "SQL", Params, Result, S0, S, Ex)`; src/summary/user_sql.rs compiles the text
   against the schema with the same front end as the sources' SQL and rewrites the goal as a
   call of run/8, with each parameter's Java type. Every step is a jdbc:invoke/7 call, so the
   statement meets the caller's database exactly as inline SQL does (known or new initial rows,
   absences, writes, identity values, violations as SQLExceptions, the caller's transaction),
   and is recorded for the callers that compose the caller's summary.
*/

:- module(user_sql, [run/8]).

:- use_module(library(lists)).
:- use_module(library(error)).

%% run(+Kind, ?Conn, +Sql, +Params, -Result, +S0, -S, -Ex)
%
%  Prepares Sql (sql(Statement, Labels, [])) on Conn, sets Params (Type-Value pairs, Type int,
%  long, string or boolean; text-Chars for a text literal, null-null for NULL) in order, executes it and closes what it
%  opened. Kind is update (INSERT, UPDATE, DELETE: Result is the number of rows written) or
%  query (SELECT: Result is the rows, each the list of its values, NULL as null, every value
%  decided). Ex is ok, or the exception the method throws: a NullPointerException for a null
%  connection, an SQLException the database raised.
%
%  ?- state:initial(S0), jdbc:start(schema([]), S0, S1),
%     user_sql:run(update, null, sql(delete(t, true), [], []), [], R, S1, _, Ex).
%  Ex = exc('java.lang.NullPointerException').
run(Kind, Conn, Sql, Params, Result, S0, S, Ex) :-
    (   memberchk(Kind, [query, update]) -> true ; domain_error(statement_kind, Kind, run/8) ),
    must_be(list, Params),
    jdbc:invoke(prepare(Sql), Conn, [], Statement, S0, S1, Ex1),
    (   Ex1 \== ok -> S = S1, Ex = Ex1
    ;   parameters_set(Params, 1, Statement, S1, S2),
        executed(Kind, Statement, Result, S2, S3, Ex),
        jdbc:invoke(close_resource, Statement, [], _, S3, S, _)
    ).

% Each parameter as the matching PreparedStatement setter sets it.
parameters_set([], _, _, S, S).
parameters_set([Type-Value|Ps], I, Statement, S0, S) :-
    (   Type == null -> jdbc:invoke(set_null, Statement, [I], _, S0, S1, ok)
    ;   Type == text ->
        strings:literal(Value, Text),
        jdbc:invoke(set_parameter(string), Statement, [I, Text], _, S0, S1, ok)
    ;   jdbc:invoke(set_parameter(Type), Statement, [I, Value], _, S0, S1, ok)
    ),
    I1 is I + 1,
    parameters_set(Ps, I1, Statement, S1, S).

executed(update, Statement, Count, S0, S, Ex) :-
    jdbc:invoke(execute_update(prepared), Statement, [], Count, S0, S, Ex).
executed(query, Statement, Rows, S0, S, Ex) :-
    jdbc:invoke(execute_query(prepared), Statement, [], Results, S0, S1, Ex),
    (   Ex == ok ->
        jdbc:invoke(rows, Results, [], Rows, S1, S2, ok),
        jdbc:invoke(close_resource, Results, [], _, S2, S, _)
    ;   S = S1
    ).
