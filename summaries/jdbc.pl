/* Hand-written summaries of the JDBC interfaces: Connection, Statement, PreparedStatement and
   ResultSet, as the translation calls them (`jdbc:invoke/7`), over the symbolic database of
   prolog/db.pl.

   The session lives in the state (state:session/2):
     session(Db, Committed, AutoCommit, NextObject, Objects, Written)
       Db          the symbolic database now;
       Committed   the database at the last commit (what rollback returns to);
       AutoCommit  1 or 0, as Connection.setAutoCommit set it (JDBC starts with 1);
       Objects     Id-Object pairs: statement, prepared(Sql, Params, Keys), result(Labels,
                   Rows, Cursor, WasNull) with Cursor before, at(Rest) (Rest the rows from
                   the current one on) or after, and closed;
                   Keys is none when the statement was not asked for generated keys, else
                   keys(Labels, Rows): what getGeneratedKeys gives (the last execution's);
       Written     the tables the path wrote (or tried to), whose final rows the test checks.
   Java values of JDBC types: the method's Connection is the atom `conn`; a connection the code
   opens itself (from a DataSource or DriverManager: the boundary where a test supplies its
   database) is conn(Id), with Id-connection among the Objects while open, Id-closed after;
   statements and result sets are stmt(Id), pstmt(Id) and rs(Id); any of them may be null.
   Every connection reaches the one database. The transaction state is the session's: a
   connection opened while another one's transaction is in progress (auto-commit off) would
   see that database without its uncommitted changes, which is not modelled (the path is
   abandoned and the exploration marked incomplete, as jvm:guarded/1 does). Closing an opened
   connection in a transaction rolls it back, as H2 does.
   An SQL text is sql(Statement, Labels, Holes): the statement compiled by src/sql, its result
   column labels (lower case), and hole(N)-Value for each Java value spliced into the text.
   Not modelled: getResultSet/getUpdateCount after execute, closing a statement closing its
   result sets, savepoints, generated keys of a Statement or asked for by column, metadata.
*/

:- module(jdbc, [start/3, invoke/7, closed/2, composable/3, shown/2, ref_compare/4, connection_compare/4,
                 passed_connections/2, replay/6, replay_composed/5]).

:- use_module(library(clpz)).
:- use_module(library(lists)).
:- use_module(library(error)).
:- use_module(library(pairs)).
:- use_module(library(freeze)).
:- use_module(library(iso_ext)).

%% start(+Schema, +S0, -S)
%
%  Starts the session of a method whose Connection parameter is `conn`: nothing is known of the
%  database, auto-commit is on.
%
%  ?- state:initial(S0), jdbc:start(schema([]), S0, S).
start(Schema, S0, S) :-
    db:empty(Schema, Db),
    state:with_session(S0, session(Db, Db, 1, 0, [], []), S).

%% closed(+S, -Event)
%
%  The event that ends a path that used the database: db(Fixture, Final, Starts), the initial
%  rows of every table that has some and the final rows of the tables written, each a list of
%  table(Name, Rows), and where the test restarts identities (db:sequence_starts/2).
closed(S, db(Fixture, Final, Starts)) :-
    state:session(S, J),
    J = session(Db0, _, _, _, _, Written),
    % The test checks the tables the path wrote through its own connection: closed by the
    % code, it cannot (the path is abandoned, not lost).
    (   Written \== [], test_connection_closed(J) -> jvm:abandon ; true ),
    db:closed(Db0, Db),
    db:fixture(Db, Fixture0),
    nonempty_tables(Fixture0, Fixture),
    db:final(Db, Final0),
    maplist(table_of(Final0), Written, Final),
    db:sequence_starts(Db, Starts).

%% composable(+S, +Case, -Event)
%
%  The event composable(Copy, Rows, Goals): Case (the path's inputs, result, exception and
%  events) and the values of the session's rows (db:held_values/2), copied with their
%  constraints Goals before closed/2 ends the path, for the clause callers compose
%  (explore:composed_clause/3). The path's end decides what the path left open for the
%  case's own test: a nullable value a getter read and only copied is NULL there, which a
%  deferred foreign key then follows nowhere. A caller replaying the case's calls on its own
%  rows decides such a value there (replay/6); taken after the end, the case would demand
%  NULL of the caller's row, and a caller whose row holds a value (a student its join found
%  in a group) would lose the path.
%
%  ?- state:initial(S0), jdbc:start(schema([]), S0, S), jdbc:composable(S, f(X), E).
%  E = composable(f(_), [], []).
composable(S, Case, composable(Copy, Rows, Goals)) :-
    state:session(S, session(Db, _, _, _, _, _)),
    db:held_values(Db, Values),
    copy_term(Case-Values, Copy-Rows, Goals0),
    db:residual_goals(Goals0, Goals).

%% shown(+S, -Event)
%
%  What `hornet summaries` shows of the path's database beyond the closing event (closed/2):
%  db_shown(Absent, Tables), the rows the initial database must not have and the written
%  tables' rows with their origins (db:shown/4). explore:cases/4 moves it from the path's
%  events into the case's shown term, so no summary clause holds it.
%
%  ?- state:initial(S0), jdbc:start(schema([]), S0, S), jdbc:shown(S, E).
%  E = db_shown([],[]).
shown(S, db_shown(Absent, Tables)) :-
    state:session(S, session(Db, _, _, _, _, Written)),
    db:shown(Db, Written, Absent, Tables).

% Not findall/3 nor exclude/3 (scryer 0.10's lists has none): the rows' variables must stay
% those of the path. Tables are table(Name, Rows) terms, which hornet's term reader reads.
nonempty_tables([], []).
nonempty_tables([T-Rows|Ts], Out) :-
    (   Rows == [] -> Out = Out1 ; Out = [table(T, Rows)|Out1] ),
    nonempty_tables(Ts, Out1).

table_of(Tables, T, table(T, Rows)) :- memberchk(T-Rows, Tables).

%% ref_compare(+Op, ?A, ?B, +Outcome)
%
%  `==`/`!=` on JDBC values, one of which is null (the translation only compares with null).
%
%  ?- jdbc:ref_compare(eq, stmt(0), null, O).
%  O = f.
ref_compare(Op, A, B, Outcome) :-
    must_be(atom, Op),
    (   B == null -> Other = A ; Other = B ),
    (   Other == null -> Same = t ; Same = f ),
    (   Op == eq -> Outcome = Same ; negated(Same, Outcome) ).

%% connection_compare(+Op, ?A, ?B, +Outcome)
%
%  `==`/`!=` between a Connection and null. A connection a field holds that the path has not
%  looked at yet is null on one path and the test's own connection on the other.
%
%  ?- jdbc:connection_compare(eq, C, null, O).
%  C = null, O = t ; C = conn, O = f.
connection_compare(Op, A, B, Outcome) :-
    (   B == null -> Other = A ; Other = B ),
    (   var(Other) -> ( Other = null ; Other = conn ) ; true ),
    ref_compare(Op, A, B, Outcome).

negated(t, f).
negated(f, t).

%% invoke(+Call, +Receiver, +Args, -Result, +S0, -S, -Ex)
%
%  One JDBC method call on Receiver. Ex is ok, or exc(Class) for SQLException (the state then
%  keeps what the path learnt about the initial database) and NullPointerException (a null
%  receiver). One solution per way the data make the call behave.
%
%  ?- state:initial(S0), jdbc:start(schema([]), S0, S1),
%     jdbc:invoke(create_statement, conn, [], R, S1, _, Ex).
%  R = stmt(0), Ex = ok.
%  Each call is recorded as the event jdbc(Call, Receiver, Args, Result, Ex), which a composed
%  summary's case carries, so that its caller replays the call on its own session (replay/6).
%  A getter's event is jdbc(get(Type, Null), ...) (recorded_call/5).
invoke(Call0, Receiver, Args0, Result, S0, S, Ex) :-
    chosen_text(Call0, Call),
    clock_given(Call, Receiver, Args0, S0, Args),
    called(Call, Receiver, Args, Result, S0, S1, Ex),
    recorded_call(Call, Receiver, Ex, S1, Recorded),
    state:replay([jdbc(Recorded, Receiver, Args, Result, Ex)], S1, S).

%% chosen_text(+Call0, -Call)
%
%  The call with the SQL text its path built: a text chosen(Selector, Texts), built by
%  appending literals under conditions, is the text paired in Texts with Selector's value (the
%  sum of the bits of the appends the path ran, which every path knows).
%
%  ?- jdbc:chosen_text(prepare(chosen(1, [0-sql(a, [], []), 1-sql(b, [], [])])), C).
%  C = prepare(sql(b, [], [])).
chosen_text(Call0, Call) :-
    (   compound(Call0), Call0 =.. [Name, Text0], compound(Text0), Text0 = chosen(Selector, Texts) ->
        must_be(integer, Selector),
        memberchk(Selector-Text, Texts),
        Call =.. [Name, Text]
    ;   Call = Call0
    ).

%% recorded_call(+Call, +Receiver, +Ex, +S, -Recorded)
%
%  The call as its event records it. A getter's is get(Type, Null), Null 1 when the value read
%  was NULL and 0 when not: its result alone does not say (getInt gives 0 for NULL and for 0),
%  and a caller replaying the call on its own rows must decide the value the same way, or two
%  cases of the callee that differ only there would each give both of the caller's paths. A
%  value the getter left open decides Null when it is decided (db:tie_read/2); a string
%  copied unread leaves it open, as its result is then the value itself.
%
%  ?- jdbc:recorded_call(next, rs(0), ok, _, R).
%  R = next.
recorded_call(Call, Receiver, Ex, S, Recorded) :-
    (   Call = get(Type), Ex == ok, Receiver = rs(Id) ->
        state:session(S, J),
        object(Id, J, result(_, _, _, WasNull)),
        read_null(WasNull, Null),
        Recorded = get(Type, Null)
    ;   Recorded = Call
    ).

% The Null of a getter's event for the result object's WasNull (jdbc_call/7 of get).
read_null(WasNull, Null) :-
    (   integer(WasNull) -> Null = WasNull
    ;   WasNull = unread(string(_), _) -> true
    ;   WasNull = unread(_, V), var(V) ->
        Null in 0..1,
        db:tie_read(V, jdbc:null_decided(V, Null))
    ;   WasNull = unread(_, V) -> null_decided(V, Null)
    ).

null_decided(V, Null) :- ( V == null -> Null = 1 ; Null = 0 ).

%% clock_given(+Call, +Receiver, +Args0, +S, -Args)
%
%  The arguments of a call: those given, and for the execution of a statement that reads the
%  clock (`NOW()`, `CURRENT_DATE`, ...) a reading C of it, Args = [C] (C a millisecond of
%  dates:clock_window/2). The reading is an argument so that the call's event carries it, and a
%  caller replaying the call (replay/6) runs the statement with the same reading; it is
%  recorded as the path's event clock(C) when the statement used it (called/7).
clock_given(Call, Receiver, Args0, S, Args) :-
    (   Args0 == [],
        executing(Call, Text),
        state:session(S, J),
        statement_text(Text, Receiver, J, Statement, _, _),
        reads_clock(Statement) ->
        dates:clock_window(Start, End),
        Last is End - 1,
        C in Start..Last,
        Args = [C]
    ;   Args = Args0
    ).

executing(execute_query(Text), Text).
executing(execute_update(Text), Text).
executing(execute(Text), Text).

reads_clock(T) :-
    (   T == clock -> true
    ;   compound(T), T = now(_) -> true
    ;   compound(T), T \= s(_, _), T =.. [_|As], member(A, As), nonvar(A), reads_clock(A) -> true
    ).

% A statement given a reading of the clock (clock_given/5) runs with it as the parameter
% clock-reading(C, Used) (db:execute/5), which binds Used to 1 where the reading decides
% something: a value stored, a comparison with a value read from the clock before. Only then
% is C the path's reading, the event clock(C).
called(Call, Receiver, Args0, Result, S0, S, Ex) :-
    (   Args0 = [C], executing(Call, _) -> Args = [reading(C, Used)] ; Args = Args0 ),
    called_(Call, Receiver, Args, Result, S0, S1, Ex),
    (   Used == 1 -> sql_clock_read(C, S1, S) ; S = S1 ).

% The statement's reading, recorded once: a replayed case's statements record theirs again
% (without_sql_readings/2).
sql_clock_read(C, S0, S) :-
    state:events(S0, Events),
    (   member(clock(C0), Events), C0 == C -> S = S0 ; state:clock(C, S0, S) ).

% The events of a case without its statements' readings (their clock(C) events), which the
% replayed statements record again on the caller's path where they use them there.
without_sql_readings(Events0, Events) :-
    foldl(sql_reading_of, Events0, [], Readings),
    readings_left_out(Events0, Readings, Events).

sql_reading_of(Event, Rs, [C|Rs]) :- Event = jdbc(Call, _, [C], _, _), executing(Call, _), !.
sql_reading_of(_, Rs, Rs).

readings_left_out([], _, []).
readings_left_out([E|Es], Readings, Out) :-
    (   E = clock(C), member(C0, Readings), C0 == C -> Out = Out1 ; Out = [E|Out1] ),
    readings_left_out(Es, Readings, Out1).

called_(Call, Receiver, Args, Result, S0, S, Ex) :-
    must_be(list, Args),
    (   callable(Call) -> true ; type_error(callable, Call, invoke/7) ),
    % A lazy input where connections come from (a DataSource, an object of an interface) is
    % null on one path, the test's own on the other.
    (   var(Receiver), Call = open_connection(Kind) -> ( Receiver = null ; Receiver = Kind ) ; true ),
    (   Receiver == null, Call == close_resource ->
        S = S0, Ex = ok
    ;   Receiver == null ->
        S = S0, Ex = exc('java.lang.NullPointerException')
    ;   nonvar(Receiver), Receiver = conn(Id) ->
        state:session(S0, J0),
        opened_connection_call(Call, Id, Args, Result, J0, J, Ex),
        state:with_session(S0, J, S)
    ;   Receiver == conn, state:session(S0, J0), test_connection_closed(J0) ->
        % The test's own connection, closed by the code: closing it again does nothing, any
        % other call is an SQLException.
        S = S0,
        (   ( Call == close ; Call == close_resource ) -> Result = void, Ex = ok
        ;   sql_exception(Ex)
        )
    ;   state:session(S0, J0),
        jdbc_call(Call, Receiver, Args, Result, J0, J, Ex),
        state:with_session(S0, J, S)
    ).

sql_exception(exc('java.sql.SQLException')).

% --- Connection --------------------------------------------------------------------------------

% A call on a connection the code opened: closing it ends its transaction (H2 rolls back what
% was not committed; the next connection starts in auto-commit), closing it again does
% nothing, any other call on a closed connection is an SQLException.
opened_connection_call(Call, Id, Args, Result, J0, J, Ex) :-
    object(Id, J0, State),
    (   ( Call == close ; Call == close_resource ) ->
        Result = void, Ex = ok,
        (   State == connection ->
            J0 = session(Db0, Committed, Auto, N, Os, W),
            (   Auto == 0 -> db:rollback(Committed, Db0, Db) ; Db = Db0 ),
            replace_object(Id, closed, session(Db, Db, 1, N, Os, W), J)
        ;   J = J0
        )
    ;   State == connection ->
        jdbc_call(Call, conn, Args, Result, J0, J, Ex)
    ;   J = J0, sql_exception(Ex)
    ).

% A connection from where the code gets it (Kind: datasource, driver_manager, or proxy for
% a method of an interface): a new connection to the one database, in auto-commit. An object
% the path already knows (r(Id)) runs its own code, which is not analysed: the path is
% abandoned and the exploration marked incomplete.
jdbc_call(open_connection(_), Source, [], conn(Id), J0, J, ok) :-
    (   Source = r(_) -> jvm:abandon ; true ),
    J0 = session(_, _, Auto, _, Os, _),
    (   Auto == 0, memberchk(_-connection, Os) -> jvm:abandon ; true ),
    J0 = session(Db, _, _, N, _, W),
    new_object(connection, Id, session(Db, Db, 1, N, Os, W), J).

jdbc_call(create_statement, conn, [], stmt(Id), J0, J, ok) :-
    new_object(statement, Id, J0, J).
jdbc_call(prepare(Sql), conn, [], pstmt(Id), J0, J, ok) :-
    new_object(prepared(Sql, [], none), Id, J0, J).
jdbc_call(prepare_returning_keys(Sql), conn, [], pstmt(Id), J0, J, ok) :-
    new_object(prepared(Sql, [], keys([], [])), Id, J0, J).
jdbc_call(set_autocommit, conn, [On], void, J0, J, ok) :-
    J0 = session(Db, Committed0, Auto0, N, Os, W),
    % Turning auto-commit on commits the transaction in progress.
    (   On == 1, Auto0 == 0 -> Committed = Db ; Committed = Committed0 ),
    J = session(Db, Committed, On, N, Os, W).
jdbc_call(get_autocommit, conn, [], Auto, J, J, ok) :-
    J = session(_, _, Auto, _, _, _).
jdbc_call(commit, conn, [], void, session(Db, _, A, N, Os, W), session(Db, Db, A, N, Os, W), ok).
jdbc_call(rollback, conn, [], void, J0, J, ok) :-
    J0 = session(Db0, Committed, A, N, Os, W),
    db:rollback(Committed, Db0, Db),
    J = session(Db, Db, A, N, Os, W).

% --- Statement and PreparedStatement -----------------------------------------------------------

jdbc_call(execute_query(Text), Receiver, Clock, Result, J0, J, Ex) :-
    executed(Text, Receiver, Clock, Outcome, J0, J1),
    (   Outcome = rows(Labels, Rows) ->
        new_object(result(Labels, Rows, before, 0), Id, J1, J), Result = rs(Id), Ex = ok
    ;   Outcome = count(_) -> J = J1, sql_exception(Ex)   % a query method given an update
    ;   J = J1, Ex = Outcome
    ).
jdbc_call(execute_update(Text), Receiver, Clock, Result, J0, J, Ex) :-
    executed(Text, Receiver, Clock, Outcome, J0, J1),
    keys_kept(Receiver, Outcome, J1, J),
    (   Outcome = count(N) -> Result = N, Ex = ok
    ;   Outcome = rows(_, _) -> sql_exception(Ex)     % an update method given a query
    ;   Ex = Outcome
    ).
jdbc_call(execute(Text), Receiver, Clock, Result, J0, J, Ex) :-
    executed(Text, Receiver, Clock, Outcome, J0, J1),
    keys_kept(Receiver, Outcome, J1, J),
    (   Outcome = rows(_, _) -> Result = 1, Ex = ok
    ;   Outcome = count(_) -> Result = 0, Ex = ok
    ;   Ex = Outcome
    ).
% The parameter's Java type (int, long, string, boolean) goes with it: H2 converts the value
% to the type of the column it meets (db.pl's as/2).
jdbc_call(set_parameter(Type), pstmt(Id), [Index, Value], void, J0, J, Ex) :-
    parameter_set(Id, Index, Type-Value, J0, J, Ex).
% setObject of a box of Type: the value, or NULL for null.
jdbc_call(set_object(Type), pstmt(Id), [Index, Box], void, J0, J, Ex) :-
    boxes:shape(Type, Box),
    (   Box = box(Value) -> true ; Value = null ),
    parameter_set(Id, Index, Type-Value, J0, J, Ex).
% setDate (Kind day: the DATE of the instant's day), setTimestamp and setObject of a
% java.util.Date or Timestamp (instant: a TIMESTAMP), setTime and setObject of a Time
% (time_of_day: the TIME of the instant, which H2 would round unless a whole second: such a
% path is abandoned); NULL for null.
jdbc_call(set_date(Kind), pstmt(Id), [Index, Date], void, J0, J, Ex) :-
    boxes:shape(date, Date),
    (   Date = box(M) -> sql_instant(Kind, M, Value) ; Value = null ),
    parameter_set(Id, Index, date-Value, J0, J, Ex).
% The keys of the last execution (H2: none before one, or after a failed one; without
% RETURN_GENERATED_KEYS, none at all).
jdbc_call(get_generated_keys, pstmt(Id), [], rs(Rs), J0, J, Ex) :-
    object(Id, J0, Object),
    (   Object = prepared(_, _, Keys) ->
        (   Keys = keys(Labels, Rows) -> true ; Labels = [], Rows = [] ),
        new_object(result(Labels, Rows, before, 0), Rs, J0, J), Ex = ok
    ;   J = J0, sql_exception(Ex)
    ).
jdbc_call(set_null, pstmt(Id), [Index], void, J0, J, Ex) :-
    parameter_set(Id, Index, null-null, J0, J, Ex).
jdbc_call(close_resource, Receiver, [], void, J0, J, ok) :-
    jdbc_call(close, Receiver, [], void, J0, J, ok).
% The code closes the test's own connection (a parameter, or a field holding it): H2 rolls
% back what was not committed, as for a connection the code opened (the database itself stays,
% DB_CLOSE_DELAY=-1), and the next connection starts in auto-commit. The test's connection is
% then closed for the rest of the path (test_connection_closed/1).
jdbc_call(close, conn, [], void, J0, J, ok) :-
    J0 = session(Db0, Committed, Auto, N, Os, W),
    (   Auto == 0 -> db:rollback(Committed, Db0, Db) ; Db = Db0 ),
    J = session(Db, Db, 1, N, [test-closed|Os], W).
jdbc_call(close, Receiver, [], void, J0, J, ok) :-
    Receiver =.. [_, Id],
    replace_object(Id, closed, J0, J).

% --- ResultSet ---------------------------------------------------------------------------------

jdbc_call(next, rs(Id), [], Result, J0, J, Ex) :-
    object(Id, J0, Object),
    (   Object = result(Labels, Rows, Cursor, _) ->
        rows_after(Cursor, Rows, Rest),
        (   Rest = [_|_] -> Result = 1, Next = at(Rest)
        ;   Result = 0, Next = after
        ),
        replace_object(Id, result(Labels, Rows, Next, 0), J0, J), Ex = ok
    ;   J = J0, sql_exception(Ex)
    ).
jdbc_call(get(Type), rs(Id), [Column], Result, J0, J, Ex) :-
    object(Id, J0, Object),
    (   Object = result(Labels, Rows, at(Current), _), column_index(Column, Labels, Index) ->
        Current = [Row|_],
        nth1(Index, Row, Value),
        nth1(Index, Labels, Label),
        J0 = session(Db, _, _, _, _, _),
        (   Label = decimal(_) -> decimal_getter(Type, Getter)
        ;   Type == boxed(decimal) -> jvm:abandon
        ;   Label = time(_) -> time_getter(Type), Getter = Type
        ;   Label = floating(_) -> floating_getter(Type, Getter)
        ;   Getter = Type
        ),
        (   Getter == string, copied(Db, Value, ColumnType) ->
            Result = Value, WasNull = unread(ColumnType, Value), Ex = ok
        ;   read_open(Getter, Db, Value, ColumnType, Result) ->
            WasNull = unread(ColumnType, Value), Ex = ok
        ;   looked_at(Db, Value),
            (   Value == null ->
                default_value(Getter, Result), WasNull = 1, Ex = ok
            ;   got(Getter, Value, Result, Ex), WasNull = 0
            )
        ),
        replace_object(Id, result(Labels, Rows, at(Current), WasNull), J0, J)
    ;   J = J0, sql_exception(Ex)
    ).
jdbc_call(was_null, rs(Id), [], Result, J, J, Ex) :-
    object(Id, J, Object),
    (   Object = result(_, _, _, WasNull) -> was_null(WasNull, Result), Ex = ok
    ;   sql_exception(Ex)
    ).

% The rows a result set has left, each the list of its values, every value looked at (NULL or
% a value of its column): what a hand-written summary's SELECT reads (summaries/user_sql.pl).
% The cursor ends after them. Replayed at a call site, the caller's rows unify with the case's.
jdbc_call(rows, rs(Id), [], Rows, J0, J, Ex) :-
    object(Id, J0, Object),
    (   Object = result(Labels, All, Cursor, _) ->
        rows_after(Cursor, All, Rows),
        J0 = session(Db, _, _, _, _, _),
        maplist(maplist(looked_at(Db)), Rows),
        replace_object(Id, result(Labels, All, after, 0), J0, J), Ex = ok
    ;   J = J0, sql_exception(Ex)
    ).

% wasNull() after a getString that left the value open looks at it now.
was_null(unread(Type, V), WasNull) :-
    !,
    db:shaped(Type, V),
    (   V == null -> WasNull = 1 ; WasNull = 0 ).
was_null(WasNull, WasNull).

% The rows after the cursor. The cursor holds the rows from its own on, not its row: rows may
% be equal in value (`SELECT 1` gives [1] for each), and a row found again by value made
% next() return the second of two equal rows forever.
rows_after(before, Rows, Rows).
rows_after(after, _, []).
rows_after(at([_|Rest]), _, Rest).

% getBigDecimal of a DECIMAL column reads its units, getDouble and getFloat its value as a
% double (Getter decimal_as(Type): exact, or abandoned where the JVM rounds); what H2 converts
% a DECIMAL to for the other getters (and a BigDecimal of another column) is not followed.
decimal_getter(Type, Getter) :-
    (   Type == boxed(decimal) -> Getter = Type
    ;   memberchk(Type, [double, float]) -> Getter = decimal_as(Type)
    ;   jvm:abandon
    ).

% getDouble and getFloat of a DOUBLE or REAL column read its units (Getter floating_as(Type):
% a float must hold a DOUBLE's value, else the path is abandoned); getInt and getLong its value
% rounded as H2 rounds it (Math.round: half up, `AVG(x)` of 2.5 reads 3, of -2.5 reads -2);
% getObject(col, Double.class) the value boxed, null for SQL NULL; what
% H2 converts a double to for the other getters is not followed.
floating_getter(Type, Getter) :-
    (   memberchk(Type, [double, float]) -> Getter = floating_as(Type)
    ;   Type == boxed(double) -> Getter = boxed(floating_as(double))
    ;   memberchk(Type, [int, long]) -> Getter = floating_rounded(Type)
    ;   jvm:abandon
    ).

% getTime of a TIME column reads its time of day; what H2 converts a TIME to for the other
% getters (getTimestamp puts it on the current day, the clock) is not followed.
time_getter(Type) :-
    (   Type == date(time_of_day) -> true ; jvm:abandon ).

% A column by its 1-based index or its label (case-insensitive, as JDBC says); a DECIMAL
% column's label is decimal(Label), a TIME column's time(Label), a DOUBLE or REAL column's
% floating(Label).
column_index(Column, Labels, Index) :-
    (   integer(Column) -> length(Labels, N), Column >= 1, Column =< N, Index = Column
    ;   Column = s(Length, _), integer(Length), strings:codes(Column, Codes) ->
        length(Prefix, Length), append(Prefix, _, Codes),
        ground(Prefix),
        maplist(lower_code, Prefix, Lower),
        atom_codes(Label, Lower),
        nth1(Index, Labels, L),
        ( L = decimal(Label) -> true ; L = time(Label) -> true ; L = floating(Label) -> true ; L = Label ), !
    ).

lower_code(C, L) :- ( C >= 0'A, C =< 0'Z -> L is C + 32 ; L = C ).

default_value(string, null).
default_value(int, 0).
default_value(long, 0).
default_value(boolean, 0).
default_value(double, 0).
default_value(byte, 0).
default_value(short, 0).
default_value(float, 0).
default_value(boxed(_), null).
default_value(decimal_as(_), 0).
default_value(floating_as(_), 0).
default_value(floating_rounded(_), 0).
default_value(date(_), null).

% A getter converts the value to its Java type; H2 refuses an integer out of the type's range.
got(string, V, V, ok) :- nonvar(V), V = s(_, _).
got(int, V, R, Ex) :-
    integer_value(V),
    (   V in -2147483648..2147483647, R = V, Ex = ok
    ;   V #< -2147483648, sql_exception(Ex)
    ;   V #> 2147483647, sql_exception(Ex)
    ).
got(long, V, V, ok) :- integer_value(V).
% getByte and getShort: H2 refuses a value out of the type's range, as for getInt.
got(byte, V, R, Ex) :- narrow_got(-128, 127, V, R, Ex).
got(short, V, R, Ex) :- narrow_got(-32768, 32767, V, R, Ex).
% getBigDecimal: a DECIMAL's units (decimal_getter/2 keeps other columns out).
got(decimal, V, V, ok) :- integer_value(V).
got(boolean, V, B, ok) :- integer_value(V), ( V #= 0, B = 0 ; V #\= 0, B = 1 ).
% getDouble and getFloat: no column of the model holds a double's units (DOUBLE and REAL
% columns are opaque), and what H2 makes of an integer is not followed; a DECIMAL's value is
% read as decimal_as(Type) (decimal_getter/2); SQL NULL gives 0.0 (default_value/2).
got(double, _, _, _) :- jvm:abandon.
got(float, _, _, _) :- jvm:abandon.
got(decimal_as(Type), V, R, ok) :- integer_value(V), floating:of_decimal(Type, V, R).
got(floating_as(Type), V, R, ok) :- integer_value(V), floating:converted(double, Type, V, R).
got(floating_rounded(Type), V, R, Ex) :-
    integer_value(V),
    floating:unit(U),
    Rounded #= (V + U // 2) div U,
    got(Type, Rounded, R, Ex).
% getObject(column, Integer.class) (Long, Boolean): the getter's value, boxed.
got(boxed(Type), V, R, Ex) :-
    got(Type, V, R0, Ex),
    (   Ex == ok -> R = box(R0) ; true ).

% getDate: the first millisecond of the value's day; getTimestamp: the instant.
% A value of an opaque column (one filled by the clock) is no instant the path knows.
got(date(Kind), V, box(R), ok) :-
    (   integer(V) -> true ; var(V), fd_inf(V, Inf), Inf \== inf ),
    sql_instant(Kind, V, R).

sql_instant(day, M, Day) :- dates:day_start(M, Day).
sql_instant(instant, M, M).
sql_instant(time_of_day, M, T) :- dates:time_of_day(M, T).

% Unifying a clpz variable with a string would raise a type error: test before.
integer_value(V) :- \+ ( nonvar(V), V = s(_, _) ).

% A getter of a type narrower than the column's values: H2 refuses a value out of its range.
narrow_got(Min, Max, V, R, Ex) :-
    integer_value(V),
    (   V in Min..Max, R = V, Ex = ok
    ;   V #< Min, sql_exception(Ex)
    ;   V #> Max, sql_exception(Ex)
    ).

% A value the Java code reads: a nullable value no condition has looked at becomes NULL or a
% value of its column's type here (its column is found by identity in the database's rows).
looked_at(Db, V) :-
    (   nonvar(V) -> true
    ;   fd_inf(V, I), I \== inf -> true
    ;   column_type(Db, V, Type) -> db:shaped(Type, V)
    ;   true
    ).

% getString of a nullable string column's value nobody has looked at: the value itself, still
% open, is the result (a Java String is null or text just as the column is), so copying it
% into a bean or a list splits no path; the Java code shapes it if it ever looks at it, and
% the path's end decides it otherwise (NULL when its checks allow).
copied(Db, V, Type) :-
    var(V),
    fd_inf(V, inf),
    column_type(Db, V, Type),
    Type = string(_).

% getInt, getLong, getBoolean, getObject(.., Integer.class) (Long, Boolean) and getDate or
% getTimestamp of a nullable column's value nobody has looked at, nor any CHECK waits for: the
% result waits for the value (db:tie_read/2) instead of deciding now whether it is NULL, so
% copying it splits no path. A primitive result ranges over the getter's default (0, false) and
% the column's values, so a branch on it is feasible exactly when one of them is; the value is
% decided where a later branch or SQL looks at it, or at the path's end (NULL when the result
% allows it). A box or a date is shaped where Java code looks at it, which decides the value
% too (box_looked_at/4). Only conversions that cannot fail are left open.
read_open(Getter, Db, V, ColumnType, R) :-
    var(V),
    fd_inf(V, inf),
    \+ db:awaits_checks(V),
    column_type(Db, V, ColumnType),
    open_result(Getter, ColumnType, V, R),
    db:tie_read(V, jdbc:read_decided(Getter, ColumnType, V, R)).

open_result(int, int(Min, Max), _, R) :-
    Min >= -2147483648, Max =< 2147483647,
    primitive_with_default(Min, Max, R).
open_result(long, int(Min, Max), _, R) :-
    primitive_with_default(Min, Max, R).
open_result(byte, int(Min, Max), _, R) :-
    Min >= -128, Max =< 127,
    primitive_with_default(Min, Max, R).
open_result(short, int(Min, Max), _, R) :-
    Min >= -32768, Max =< 32767,
    primitive_with_default(Min, Max, R).
open_result(boolean, bool, _, R) :-
    R in 0..1.
open_result(boxed(Type), ColumnType, V, B) :-
    open_result(Type, ColumnType, V, _),
    freeze(B, box_looked_at(ColumnType, V, B)).
open_result(date(_), ColumnType, V, B) :-
    memberchk(ColumnType, [date, timestamp, time]),
    freeze(B, box_looked_at(ColumnType, V, B)).

primitive_with_default(Min, Max, R) :-
    (   Min =< 0, 0 =< Max -> R in Min..Max ; R in Min..Max \/ 0 ).

%% read_decided(+Getter, +ColumnType, ?V, ?R)
%
%  The column's value V is decided: R is what the getter gives for it (its default for NULL).
%
%  ?- R in 0..9, jdbc:read_decided(int, int(0, 9), null, R).
%  R = 0.
read_decided(Getter, ColumnType, V, R) :-
    (   Getter = boxed(Type) ->
        (   V == null -> R = null ; R = box(X), read_decided(Type, ColumnType, V, X) )
    ;   V == null -> default_value(Getter, R)
    ;   Getter = date(Kind) -> R = box(X), sql_instant(Kind, V, X)
    ;   R #= V
    ).

% Java code shaped a box or a date read from a value still open: null is a NULL, a box a value
% of the column, which the value's tie (read_decided/4) relates to the box's.
box_looked_at(ColumnType, V, B) :-
    (   B == null -> V = null ; db:decided_nonnull(ColumnType, V) ).

% A value of an outer join a SELECT left open has its column's type as a nullable value has.
column_type(Db, V, Type) :-
    db:open_join_type(Db, V, Type),
    !.
column_type(Db, V, Type) :-
    % The tables are the first argument of schema/1 and of schema/2 (db:engine/2).
    Db =.. [db, Schema, _, _, Rows | _],
    arg(1, Schema, Tables),
    member(Name-TableRows, Rows),
    member(row(_, _, Values, _), TableRows),
    nth1(I, Values, V1), V1 == V, !,
    member(T, Tables), T =.. [table, Name, Columns | _], !,
    nth1(I, Columns, Column),
    arg(2, Column, Type).

% --- Running SQL -------------------------------------------------------------------------------

%% executed(+Text, +Receiver, +Clock, -Outcome, +J0, -J)
%
%  Runs the statement of a Statement (Text = sql(...)) or a PreparedStatement (Text = prepared):
%  Outcome is rows(Labels, Rows), count(N) or exc(Class). A successful write commits when
%  auto-commit is on. Clock is [] or [reading(C, Used)], the clock's reading the statement
%  reads (called/7).
executed(Text, Receiver, Clock, Outcome, J0, J) :-
    (   statement_text(Text, Receiver, J0, Statement, Labels, Params0) ->
        J0 = session(Db0, Committed0, Auto, N, Os, W0),
        maplist(spliced, Params0),
        (   Clock = [Reading] -> Params = [clock-Reading|Params0] ; Params = Params0 ),
        catch(db:execute(Statement, Params, Result, Db0, Db), error(existence_error(parameter, _), _),
              ( Result = exc('java.sql.SQLException'), Db = Db0 )),
        written(Statement, W0, W),
        (   Result = rows(Rows) -> Outcome = rows(Labels, Rows)
        ;   Outcome = Result
        ),
        (   Auto == 1, Result \= exc(_) -> Committed = Db ; Committed = Committed0 ),
        J = session(Db, Committed, Auto, N, Os, W)
    ;   J = J0, sql_exception(Outcome)
    ).

statement_text(sql(Statement, Labels, Holes), stmt(Id), J, Statement, Labels, Holes) :-
    object(Id, J, statement).
statement_text(prepared, pstmt(Id), J, Statement, Labels, Params) :-
    object(Id, J, prepared(sql(Statement, Labels, Holes), Set, _)),
    append(Holes, Set, Params).

% A Java String spliced into SQL text inside quotes must keep the text valid: no quote in it;
% a null would be spliced as the text 'null', which the path does not model.
spliced(hole(_)-V) :-
    !,
    (   V == null -> false
    ;   var(V), fd_inf(V, inf) -> strings:shape(V), strings:codes(V, Codes), maplist(#\=(39), Codes)
    ;   nonvar(V), V = s(_, _) -> strings:codes(V, Codes), maplist(#\=(39), Codes)
    ;   true
    ).
spliced(_).

written(Statement, W0, W) :-
    (   functor(Statement, F, _), memberchk(F, [insert, update, delete]) ->
        arg(1, Statement, Table),
        (   memberchk(Table, W0) -> W = W0 ; append(W0, [Table], W) )
    ;   W = W0
    ).

parameter_set(Id, Index, Type-Value, J0, J, Ex) :-
    object(Id, J0, Object),
    (   Object = prepared(Sql, Set0, Keys), Sql = sql(Statement, _, _),
        integer(Index), parameter_count(Statement, Count), Index >= 1, Index =< Count ->
        without_parameter(Set0, Index, Set1),
        replace_object(Id, prepared(Sql, [param(Index)-Value, type(Index)-Type|Set1], Keys), J0, J), Ex = ok
    ;   J = J0, sql_exception(Ex)
    ).

% A PreparedStatement asked for generated keys keeps those of its last execution: the
% inserted row's after an INSERT, none after anything else or a failure.
keys_kept(Receiver, Outcome, J0, J) :-
    (   Receiver = pstmt(Id), object(Id, J0, prepared(Sql, Set, keys(_, _))) ->
        Sql = sql(Statement, _, _),
        (   Outcome = count(_), Statement = insert(Table, _) ->
            J0 = session(Db, _, _, _, _, _),
            db:inserted_keys(Db, Table, Labels, Rows)
        ;   Labels = [], Rows = []
        ),
        replace_object(Id, prepared(Sql, Set, keys(Labels, Rows)), J0, J)
    ;   J = J0
    ).

without_parameter([], _, []).
without_parameter([P-V|Ps], Index, Out) :-
    (   ( P == param(Index) ; P == type(Index) ) -> Out = Out1 ; Out = [P-V|Out1] ),
    without_parameter(Ps, Index, Out1).

parameter_count(Statement, Count) :-
    findall(N, sub_param(Statement, N), Ns),
    foldl(max_of, Ns, 0, Count).

max_of(N, M0, M) :- M is max(N, M0).

sub_param(param(N), N) :- !.
sub_param(T, N) :- compound(T), T =.. [_|As], member(A, As), sub_param(A, N).

% --- Objects -----------------------------------------------------------------------------------

new_object(Object, Id, session(Db, C, A, Id, Os, W), session(Db, C, A, N, [Id-Object|Os], W)) :-
    N is Id + 1.

object(Id, session(_, _, _, _, Os, _), Object) :-
    memberchk(Id-Object0, Os), Object = Object0.

replace_object(Id, Object, session(Db, C, A, N, Os0, W), session(Db, C, A, N, Os, W)) :-
    replaced(Os0, Id, Object, Os).

replaced([I-O0|Os0], Id, Object, [I-O|Os]) :-
    (   I == Id -> O = Object, Os = Os0 ; O = O0, replaced(Os0, Id, Object, Os) ).

%% test_connection_closed(+Session)
%
%  The code closed the test's own connection `conn` on this path.
test_connection_closed(session(_, _, _, _, Os, _)) :-
    memberchk(test-State, Os),
    State == closed.

% --- Composition -------------------------------------------------------------------------------

%% passed_connections(+Args, -Refs)
%
%  The Connection arguments of a call of a composed method, each the same connection known
%  not to be null (the caller's own, `conn`, or one it opened, conn(Id)): Refs maps the
%  summary's connection (`conn`, as its cases were computed) to it. Fails otherwise (a null
%  connection, or one not looked at yet), where the callee runs inline instead.
%
%  ?- jdbc:passed_connections([conn(2)], Refs).
%  Refs = [conn-conn(2)].
passed_connections(Args, Refs) :-
    must_be(list, Args),
    (   Args = [] -> Refs = []
    ;   Args = [C|Cs],
        nonvar(C),
        ( C == conn ; C = conn(Id), integer(Id) ),
        maplist(==(C), Cs),
        Refs = [conn-C]
    ).

%% replay(+Events, +Refs, ?CaseResult, ?Result, +S0, -S)
%
%  Replays the events of a composed method's case on the caller's state: its JDBC calls
%  (jdbc/5 events) run again on the caller's session, so that its statements are matched
%  against the caller's database as the lazy model does inline (known rows or new initial
%  rows, absences, writes, identities, transactions), and what each call gave in the case is
%  unified with what it gives here; the other events are added as state:replay/3 does. The
%  case's own database event is dropped (the caller's path ends with its own). Refs maps the
%  JDBC values of the case (its connection `conn`, and the objects it made, numbered in its
%  own session) to the caller's; Result is CaseResult mapped so.
%
%  ?- state:initial(S0), jdbc:start(schema([]), S0, S1),
%     jdbc:replay([jdbc(create_statement, conn, [], stmt(0), ok)], [conn-conn], R, R, S1, S).
%  R = stmt(0).
replay(Events, Refs0, CaseResult, Result, S0, S) :-
    must_be(list, Events),
    must_be(list, Refs0),
    without_sql_readings(Events, Replayed),
    foldl(replayed, Replayed, Refs0-S0, Refs-S),
    mapped(CaseResult, Refs, Result).

replayed(Event, Refs0-S0, Refs-S) :-
    (   Event = jdbc(Call, CaseReceiver, Args, CaseResult, CaseEx) ->
        mapped(CaseReceiver, Refs0, Receiver),
        called_again(Call, Receiver, Args, Result, S0, S1, Ex),
        Ex = CaseEx,
        (   made_object(CaseResult) ->
            nonvar(Result), Refs = [CaseResult-Result|Refs0]
        ;   Result = CaseResult, Refs = Refs0
        ),
        state:replay([jdbc(Call, Receiver, Args, Result, Ex)], S1, S)
    ;   Event = db(_, _, _) ->
        Refs = Refs0, S = S0
    ;   Refs = Refs0,
        state:replay([Event], S0, S)
    ).

%% called_again(+Call, +Receiver, +Args, -Result, +S0, -S, -Ex)
%
%  A case's recorded call run on the caller's session, as called/7 runs it. A getter's value
%  is NULL here exactly when it was in the case (recorded_call/5): the caller's value still
%  open is decided so, a decided one must agree.
called_again(Call, Receiver, Args, Result, S0, S, Ex) :-
    (   Call = get(Type, Null) ->
        called(get(Type), Receiver, Args, Result, S0, S, Ex),
        (   Ex == ok, Receiver = rs(Id) ->
            state:session(S, J),
            object(Id, J, result(_, _, _, WasNull)),
            (   integer(Null) -> null_agrees(WasNull, Null) ; read_null(WasNull, Null) )
        ;   true
        )
    ;   called(Call, Receiver, Args, Result, S0, S, Ex)
    ).

null_agrees(WasNull, Null) :-
    (   integer(WasNull) -> WasNull =:= Null
    ;   WasNull = unread(string(_), _) -> true
    ;   WasNull = unread(Type, V), var(V) ->
        (   Null =:= 1 -> V = null ; db:decided_nonnull(Type, V) )
    ;   WasNull = unread(_, V) -> null_decided(V, Null)
    ).

% A JDBC object a case's method made in its own session.
made_object(V) :-
    nonvar(V),
    V =.. [F, Id],
    memberchk(F, [conn, stmt, pstmt, rs]),
    integer(Id).

mapped(V, Refs, W) :-
    (   nonvar(V), ( V == conn ; made_object(V) ), member(K-W0, Refs), K == V -> W = W0
    ;   W = V
    ).

%% replay_composed(+Events, +CaseIO, +CallerIO, +S0, -S)
%
%  replay/6 for a case of a method that also has objects in its interface (an instance DAO
%  method holding a DataSource, a factory or a connection; a method taking or returning a
%  bean): its heap event is composed into the caller's heap first (heap:composed/4, as
%  state:replay_composed/5 does), then its JDBC calls run again on the caller's session. The
%  case's JDBC values are renamed first, so that both parts map them alike: its connection
%  `conn` becomes the caller's (the argument passed, or the one in the caller's object; one
%  the caller has not looked at is the test's, `conn`, as jdbc_call/7 takes it inline), and
%  each object it made becomes the caller's once the call making it is replayed. CaseIO is
%  io(Inputs, Out, Receivers) of the case, CallerIO io(Inputs, Out) of the call, as for
%  state:replay_composed/5.
%
%  ?- state:initial(S0), jdbc:start(schema([]), S0, S1),
%     jdbc:replay_composed([jdbc(create_statement, conn, [], stmt(0), ok), heap([], [])], io([conn], stmt(0)-ok, []), io([conn], R-Ex), S1, S).
%  R = stmt(0), Ex = ok.
replay_composed(Events, io(CaseInputs0, CaseOut0, Receivers), io(Inputs, Out), S0, S) :-
    must_be(list, Events),
    without_sql_readings(Events, Replayed),
    (   select(heap(Initial0, Final0), Replayed, Others0) -> true
    ;   Initial0 = [], Final0 = [], Others0 = Replayed
    ),
    foldl(made_by, Others0, [], Made),
    Renames = [conn-Connection|Made],
    renamed(Renames, CaseInputs0-CaseOut0-Initial0-Final0, CaseInputs-CaseOut-Initial-Final),
    maplist(call_renamed(Renames), Others0, Others),
    jvm:guarded(heap:composed(case(Initial, Final, CaseInputs, CaseOut, Receivers), caller(Inputs, Out), S0, S1)),
    (   var(Connection) -> Connection = conn
    ;   Connection == conn -> true
    ;   Connection = conn(Id), integer(Id)
    ),
    foldl(replayed_call, Others, S1, S).

% The objects a case made, each with the variable standing for the caller's.
made_by(Event, Made0, Made) :-
    (   Event = jdbc(_, _, _, Result, _), made_object(Result), \+ ( member(K-_, Made0), K == Result ) ->
        Made = [Result-_|Made0]
    ;   Made = Made0
    ).

% A JDBC call's receiver and result renamed (its call and arguments hold SQL and values only).
call_renamed(Renames, Event0, Event) :-
    (   Event0 = jdbc(Call, Receiver0, Args, Result0, Ex) ->
        renamed(Renames, Receiver0-Result0, Receiver-Result),
        Event = jdbc(Call, Receiver, Args, Result, Ex)
    ;   Event = Event0
    ).

% T0 with each JDBC value of the case that Renames lists replaced by its variable; the other
% variables stay those of the case.
renamed(Renames, T0, T) :-
    (   var(T0) -> T = T0
    ;   member(K-V, Renames), K == T0 -> T = V
    ;   atomic(T0) -> T = T0
    ;   T0 = s(_, _) -> T = T0
    ;   T0 =.. [F|As0], maplist(renamed(Renames), As0, As), T =.. [F|As]
    ).

% One event of a renamed case on the caller's state: a JDBC call runs on its session and gives
% what it gave in the case (an object it made: the caller's, bound here).
replayed_call(Event, S0, S) :-
    (   Event = jdbc(Call, Receiver, Args, Result, Ex) ->
        called_again(Call, Receiver, Args, Result1, S0, S1, Ex1),
        Ex1 = Ex,
        Result1 = Result,
        state:replay([jdbc(Call, Receiver, Args, Result, Ex)], S1, S)
    ;   Event = db(_, _, _) ->
        S = S0
    ;   state:replay([Event], S0, S)
    ).
