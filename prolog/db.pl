/* The symbolic database: SQL statements executed on lazily materialised tables.

   A path never needs a whole table, only the rows it touches (DESIGN.md, "The database model").
   Db = db(Schema, MaxNew, NextId, Tables, Negs, Sequences):
     Schema   the term sql::schema_term renders: schema([table(Name, Columns, Pk, Uniques, Fks,
              Checks)]), Checks conditions (as in WHERE) over col(Name, Column); or
              schema(Tables, postgres) for a schema in PostgreSQL's dialect, whose tests run on
              H2 and on PostgreSQL: a path where the two engines differ is abandoned (engine/2);
     MaxNew   how many new initial rows one statement may materialise (bounds the paths);
     Tables   Name-Rows, Rows in materialisation/insertion order, each
              row(Id, Origin, Values, Status): Origin initial(InitialValues) or inserted,
              Values the current values, Status alive or deleted;
     Negs     negative constraints neg(Cond, Bindings): no tuple of rows, one per binding
              b(Alias, Table, Rows), of which at least one is an initial row materialised later,
              satisfies Cond. Rows holds the values each alias ranged over when the constraint
              was made (and grows with later materialised rows). A row materialised after a
              write was, by that write's own negative constraint, untouched by it: its values at
              any earlier point are its initial values, which are what later rows are checked on.
     Sequences  Table-seq(Start, Used) for each table whose identity column gave a value: the
              values are Start, Start + 1, ... in the order of the inserts that asked for one
              (failed inserts included; a rollback gives none back), and Used of them are taken.
              Start is an input like the initial rows: the test restarts the identity there
              after inserting them (sequence_starts/2, HornetDatabase.restartIdentity). Tying
              it to the initial keys instead would relate keys only through their order, which
              clpz narrows one value at a time. Sequences also holds the outer joins a SELECT
              left open, open_join(Table, Alias, On, Decision, Values) (outer_matching/8),
              until the next statement or the path's end decides them (open_joins_decided/3).
   Values are clpz integers (booleans 0/1), strings.pl strings, or null. A nullable value stays
   an unbound variable until a condition looks at it; unlooked-at, it labels as NULL.
   Conditions have SQL's three values, reified as a clpz variable: 0 false, 1 unknown, 2 true;
   a row is kept when its condition is 2. Whether each candidate row matches is a branch (a path
   each way), so every path knows exactly which rows a statement saw.

   Modelled: SELECT (joins, outer joins (outer_matching/8; one on a key nothing else names left open until looked at), aggregates, ORDER BY and H2's scan order, see "Order of results";
   LIMIT/OFFSET/FETCH, see "Windows"; DISTINCT, see "DISTINCT"; GROUP BY and HAVING, see
   "GROUP BY"; scalar functions and CASE, function_value/3; uncorrelated subqueries, run first,
   subqueries_run/4; correlated ones per tuple of a SELECT, correlated_selected/5), INSERT, UPDATE, DELETE; NOT NULL, lengths, CHECK, PRIMARY KEY, UNIQUE and
   FOREIGN KEY on writes (a failing write is an SQLException branch with the data unchanged;
   materialised initial rows satisfy them all); integer overflow of a written value; LIKE with %
   and _ and H2's default escape `\` (a ground pattern, or symbolic Java values spliced into a
   pattern as literal text); templates (Java values spliced into a string literal: Java's
   concatenation, null as "null", ints as decimal text); commit and rollback (commit/2,
   rollback/3; auto-commit is the caller's).
   Not modelled: ON DELETE/UPDATE actions (a DELETE or key UPDATE of a referenced row is not
   checked); generated values (a generated column is a fresh value); LIKE ... ESCAPE; a symbolic
   pattern's own wildcards (it is constrained to have none); SUM/MIN/MAX(DISTINCT), correlated
   subqueries outside a SELECT's WHERE (sql::statement rejects them); the order of a join's rows
   without ORDER BY (so a window over a join needs ORDER BY, and so does a window over DISTINCT
   or GROUP BY); rows that tie on the ORDER BY keys inside or at the edges of a window (H2's
   order of them is not stable: such paths are not explored); a second order of the same rows on
   one path (see ordered/7); no cap on the paths of one statement beyond MaxNew. A CHECK on a
   materialised row's nullable column waits until the program looks at that column
   (check_holds/4), so it splits no path of its own; one on a string whose codes nobody has
   read (an ENUM's IN-list) waits until they are read, or the path ends. A getter's result
   may wait for a nullable value too (tie_read/2). A nullable foreign key of a materialised row
   that the statement does not compare is not followed when the row is made: it stays open, and
   the referenced row is made when the path ends if the key is not NULL by then (closed/2).
*/

:- module(db, [empty/2, empty/3, execute/5, violation/2, engine/2, fixture/2, final/2, commit/2, rollback/3,
               shaped/2, sequence_starts/2, shown/4, inserted_keys/4, tie_read/2, awaits_checks/1,
               decided_nonnull/2, closed/2, held_values/2, open_join_type/3, residual_goals/2]).

:- use_module(library(clpz)).
:- use_module(library(lists)).
:- use_module(library(error)).
:- use_module(library(pairs)).
:- use_module(library(between)).
:- use_module(library(when)).
:- use_module(library(freeze)).
:- use_module(library(atts)).
:- use_module(library(dcgs)).
:- use_module(library(iso_ext)).

% A CHECK waiting for values nobody has looked at yet (check_holds/4).
% Key comparisons waiting for strings' codes (column_differs/4).
% The length bound of a nullable string column whose value is still open (fresh_value/2): the
% value may reach Java code unshaped (getString), which shapes it only if it looks at it.
% The value X + C that SQL's `x + c` or `x - c` computed (linear/3).
% The value (X * Y) / C that SQL's `x * y` or `x * y / c` computed (factored/4).
% A value of an outer join's row that is still open (tuple_outer_joined/8): the join's Decision
% and whether the column is NOT NULL (open_join_looked_at/3).
:- attribute pending_checks/1, unread_differences/1, string_bound/1, offset_of/2, equalities/1,
    scaled_product/3, like_results/1, open_join/2.

%% empty(+Schema, -Db)  empty(+Schema, +MaxNew, -Db)
%
%  A database with nothing known; a statement materialises at most MaxNew (default 2) rows.
%
%  ?- db:empty(schema([table(t,[column(a,int(0,9),not_null,none)],[a],[],[],[])]), Db).
empty(Schema, Db) :- empty(Schema, 2, Db).
empty(Schema, MaxNew, db(Schema, MaxNew, 0, Tables, [], [])) :-
    must_be(integer, MaxNew),
    schema_tables(Schema, Ts),
    must_be(list, Ts),
    findall(Name-[], member(table(Name, _, _, _, _, _), Ts), Tables).

%% execute(+Stmt, +Params, -Result, +Db0, -Db)
%
%  Runs a compiled statement; Params maps param(N) and hole(N) to values. Result is rows(Rows),
%  count(N) or exc(E) (the data are unchanged then, but rows learnt about the initial database
%  stay), E being 'java.sql.SQLException'(Violation) for a violation the engine names by its
%  SQL state (violation/2), the class alone for another failure. One solution per way the data make the statement behave.
%
%  ?- db:empty(S, Db0), db:execute(select([agg(count,star)],[from(t,t)],true,[],all), [], R, Db0, Db).
execute(Stmt0, Params, Result, Db00, Db) :-
    must_be(list, Params),
    open_joins_decided(statement, Db00, Db0),
    engine(Db0, Engine),
    substituted(Stmt0, Params, Engine, Stmt1),
    (   mismatched(Stmt1) -> Result = exc('java.sql.SQLException'), Db = Db0
    ;   conversion_failed(Stmt1) -> Result = exc('java.sql.SQLException'(conversion)), Db = Db0
    ;   subqueries_run(Stmt1, Stmt, Db0, Db1),
        % A failed subquery's state is not modelled (a plain SQLException: unknown state).
        (   conversion_failed(Stmt) -> Result = exc('java.sql.SQLException'), Db = Db1
        ;   statement(Stmt, Result, Db1, Db)
        )
    ).

%% subqueries_run(+Stmt0, -Stmt, +Db0, -Db)
%
%  Stmt is Stmt0 with each (uncorrelated) subquery replaced by what it gives, run first, in
%  the order written, as H2 runs it once: in_query(E, Select) becomes in(E, Values), exists(Select)
%  true or not(true), scalar(Select) the value of its one row (NULL for none); a subquery that
%  fails, or a scalar one with several rows, makes the statement's SQLException
%  (conversion_failed). A correlated(Subquery) is left for the query around it to run per
%  tuple (correlated_selected/5).
%
%  ?- db:empty(schema([table(t,[column(a,int(0,9),not_null,none)],[a],[],[],[])]), Db0),
%     db:subqueries_run(exists(select([col(t,a)],[from(t,t)],true,[],all)), S, Db0, _).
%  S = not(true) (first answer).
subqueries_run(T0, T, Db0, Db) :-
    (   var(T0) -> T = T0, Db = Db0
    ;   T0 = in_query(E0, Select) ->
        subqueries_run(E0, E, Db0, Db1),
        subquery_rows(Select, Rows, Db1, Db),
        (   Rows == failed -> T = conversion_failed
        ;   maplist(row_item, Rows, Items), T = in(E, Items)
        )
    ;   T0 = exists(Select) ->
        subquery_rows(Select, Rows, Db0, Db),
        (   Rows == failed -> T = conversion_failed
        ;   Rows == [] -> T = not(true)
        ;   T = true
        )
    ;   T0 = scalar(Select) ->
        subquery_rows(Select, Rows, Db0, Db),
        (   Rows = [[V]] -> T = val(V)
        ;   Rows == [] -> T = null
        ;   T = conversion_failed
        )
    ;   ( T0 = s(_, _) ; T0 = correlated(_) ) -> T = T0, Db = Db0
    ;   compound(T0) ->
        T0 =.. [F|As0],
        foldl(subquery_arg, As0, As, Db0, Db),
        T =.. [F|As]
    ;   T = T0, Db = Db0
    ).
subquery_arg(A0, A, Db0, Db) :- subqueries_run(A0, A, Db0, Db).

row_item([V], val(V)).

% The rows of a subquery, or failed for its SQLException. Its plain columns are looked at (a
% nullable one is NULL or not, a path each), as the query around it compares them.
subquery_rows(select(Projection0, From, Cond, Order, Window), Rows, Db0, Db) :-
    (   Projection0 = [Item|_], Item \= agg(_, _) -> maplist(looked_at, Projection0, Projection)
    ;   Projection = Projection0
    ),
    execute(select(Projection, From, Cond, Order, Window), [], Result, Db0, Db),
    (   Result = rows(Rows0) -> Rows = Rows0 ; Rows = failed ).

looked_at(E, looked_at(E)).

%% violation(?Violation, ?Code)
%
%  The SQL state H2 gives an SQLException for each violation the model raises, which is also
%  its error code (H2 2.x, in every compatibility mode). The generated tests ask the test
%  database for the state instead (HornetDatabase.sqlState), as other engines differ.
%
%  ?- db:violation(unique, Code).
%  Code = 23505.
violation(unique, 23505).
violation(foreign_key, 23506).
violation(not_null, 23502).
violation(check, 23513).
violation(too_long, 22001).
violation(conversion, 22018).

%% engine(+Db, -Engine)
%
%  The engines the tests run on: h2 (H2 alone, in the schema dialect's compatibility mode), or
%  postgres for a schema in PostgreSQL's dialect, whose tests run on H2 and on PostgreSQL
%  (HornetDatabase), so that only what both engines do alike is followed.
%
%  ?- db:empty(schema([], postgres), Db), db:engine(Db, E).
%  E = postgres.
engine(db(Schema, _, _, _, _, _), Engine) :-
    (   Schema = schema(_, Engine0) -> Engine = Engine0 ; Engine = h2 ).

schema_tables(Schema, Ts) :-
    (   Schema = schema(Ts0) -> Ts = Ts0
    ;   Schema = schema(Ts0, Engine) -> must_be(atom, Engine), Ts = Ts0
    ;   type_error(schema, Schema)
    ).

% An aggregate without GROUP BY whose items are COUNTs and SUMs of values that are never NULL:
% whether each candidate tuple is selected is a 0/1 variable, not a path each way
% (counted_matching/6), and the aggregates are sums over those variables. Only the rows the
% statement materialises and whether a SUM has any row split the path: two COUNTs over a
% join of four rows each gave a path per subset of its 16 tuples.
statement(select(Items, From, Cond, Order, Window), Result, Db0, Db) :-
    Items = [agg(_, _)|_],
    \+ has_correlated(Cond),
    maplist(from_binding, From, Bindings),
    maplist(counted_aggregate(Bindings, Db0), Items),
    !,
    must_be(list, Order),
    window_bounds(Window, Bounds),
    (   Bounds == invalid -> Result = exc('java.sql.SQLException'), Db = Db0
    ;   Result = rows(Rows),
        counted_matching(Bindings, Cond, Db0, Db, Tuples, Selections),
        maplist(selection_aggregate(Tuples, Selections, Db), Items, Row),
        windowed(Bounds, [Row], Rows, _, _)
    ).
statement(select(Projection, From, Cond, Order, Window), Result, Db0, Db) :-
    must_be(list, Order),
    window_bounds(Window, Bounds),
    (   Bounds == invalid -> Result = exc('java.sql.SQLException'), Db = Db0
    ;   Result = rows(Rows),
        statement_compares(Projection, Order, Looked),
        % Items other than plain ones (aggregates, DISTINCT's, GROUP BY's) look at every
        % value they name: an outer join they name is decided at once (outer_matching/8).
        (   Projection = [Item|_], Item \= agg(_, _) -> Compared = Looked
        ;   Compared = Projection-Looked
        ),
        from_matching(From, Cond, Compared, Db0, Db, Bindings, Tuples0, Direct),
        (   ( Projection = [agg(_, _)|_] ; Projection = distinct([agg(_, _)|_]) ) ->
            % One row, distinct from itself.
            ( Projection = distinct(Items) -> true ; Items = Projection ),
            projected(Items, Tuples0, Db, AllRows),
            windowed(Bounds, AllRows, Rows, _, _)
        ;   Projection = group(Keys, Items, Having) ->
            grouped_rows(Keys, Items, Having, Order, Db, Tuples0, AllRows, Dirs, SortKeys),
            windowed(Bounds, AllRows, Rows, Start, Length),
            (   Bounds == all -> true ; ties_excluded(Dirs, SortKeys, Start, Length) )
        ;   Projection = distinct(Items) ->
            distinct_rows(Items, Order, Db, Tuples0, Dirs, Positions, Distinct),
            windowed(Bounds, Distinct, Rows, Start, Length),
            maplist(row_keys(Positions), Distinct, Keys),
            (   Bounds == all -> true ; ties_excluded(Dirs, Keys, Start, Length) )
        ;   Items = Projection,
            ordered(Items, Bindings, Order, Direct, Db, Tuples0, Tuples),
            windowed(Bounds, Tuples, Kept, Start, Length),
            % Without a window H2 sorts all the rows, stably (ordered/7 breaks ties).
            (   Bounds == all -> true
            ;   maplist(key_direction, Order, Dirs, Exprs),
                maplist(tuple_keys(Exprs, Db), Tuples, Keys),
                ties_excluded(Dirs, Keys, Start, Length)
            ),
            projected(Items, Kept, Db, Rows)
        )
    ).
statement(insert(Table, Assignments), Result, Db0, Db) :-
    schema_table(Db0, Table, table(_, Columns, _, _, _, _)),
    maplist(inserted_value(Db0), Columns, Assignments, Values),
    identity_values(Columns, Assignments, Values, Table, Db0, Db0s),
    alive_rows(Db0s, Table, Alive),
    maplist(row_values, Alive, Others),
    findall(Name, member(column(Name, _, _, _), Columns), Names),
    write_checks(Table, [Values], Others, Names, Db0s, Db1, Outcome),
    (   Outcome == ok ->
        Db1 = db(S, M, Id, Ts0, Ns, Q),
        Id1 is Id + 1,
        table_rows(Ts0, Table, Rows0, Ts, Rows),
        append(Rows0, [row(Id, inserted, Values, alive)], Rows),
        Db = db(S, M, Id1, Ts, Ns, Q),
        Result = count(1)
    ;   Db = Db1, Result = Outcome
    ).
statement(update(Table, Alias, Assignments, Cond), Result, Db0, Db) :-
    matching([b(Alias, Table)], Cond, Db0, Db1, Tuples),
    maplist(updated_row(Db1, Table, Alias, Assignments), Tuples, Updated),
    alive_rows(Db1, Table, Alive),
    exclude(updated_in(Updated), Alive, Others),
    maplist(row_values, Updated, NewValues),
    maplist(row_values, Others, OtherValues),
    pairs_keys(Assignments, Assigned),
    write_checks(Table, NewValues, OtherValues, Assigned, Db1, Db2, Outcome),
    (   Outcome == ok ->
        replace_rows(Db2, Table, Updated, Db),
        length(Updated, N),
        Result = count(N)
    ;   Db = Db2, Result = Outcome
    ).
statement(delete(Table, Alias, Cond), count(N), Db0, Db) :-
    matching([b(Alias, Table)], Cond, Db0, Db1, Tuples),
    maplist(deleted_row, Tuples, Deleted),
    replace_rows(Db1, Table, Deleted, Db),
    length(Deleted, N).

deleted_row([e(_, _, row(Id, O, Vs, _))], row(Id, O, Vs, deleted)).

from_binding(from(Table, Alias), b(Alias, Table)).

% --- Outer joins -------------------------------------------------------------------------------

% The tuples of a FROM: matching/6's, or outer_matching/8's when it has outer joins. With
% correlated subqueries in Cond, matching/6 takes the conjuncts without them (and closes the
% tables for those), then each tuple it selects runs the subqueries and is kept or not
% (correlated_selected/5). Running a subquery inside truth/4 instead re-ran it whenever a
% negative constraint or a CHECK was checked again.
from_matching(From, Cond, Looked, Db0, Db, Bindings, Tuples, Direct) :-
    (   memberchk(outer(_, _, _), From) ->
        outer_matching(From, Cond, Looked, Db0, Db, Bindings, Tuples, Direct)
    ;   has_correlated(Cond) ->
        maplist(from_binding, From, Bindings),
        conjuncts(Cond, Conjuncts),
        exclude(has_correlated, Conjuncts, Plain),
        include(has_correlated, Conjuncts, Correlated),
        conjoined(Plain, PlainCond),
        conjoined(Correlated, CorrelatedCond),
        matching(Bindings, PlainCond, Looked, Db0, Db1, Tuples0, Direct),
        correlated_selected(Tuples0, CorrelatedCond, Db1, Db, Tuples),
        (   Bindings = [_] ->
            interchangeable_pairs(Direct, Db0, Db1, Pairs),
            maplist(canonical_kept(Tuples), Pairs)
        ;   true
        )
    ;   maplist(from_binding, From, Bindings),
        matching(Bindings, Cond, Looked, Db0, Db, Tuples, Direct)
    ).

% What a SELECT compares of its rows' values besides its condition: GROUP BY and HAVING,
% DISTINCT's items, ORDER BY. (Values it only returns are not compared.)
statement_compares(Projection, Order, Compared) :-
    (   Projection = group(Keys, _, Having) -> Compared = Keys-Having-Order
    ;   Projection = distinct(Items) -> Compared = Items-Order
    ;   Compared = Order
    ).

% T holds a correlated subquery (one left by subqueries_run/4).
has_correlated(T) :-
    nonvar(T),
    (   T = correlated(_) -> true
    ;   ( T = s(_, _) ; T = val(_) ) -> false
    ;   compound(T), T =.. [_|Args], member(A, Args), has_correlated(A) -> true
    ).

%% correlated_selected(+Tuples, +Cond, +Db0, -Db, -Selected)
%
%  The tuples satisfying Cond, a branch each way per tuple (as selected_tuples/4), where each
%  correlated(Subquery) of Cond is first run with the tuple's values for its outer_col(Alias,
%  Column) (as H2 runs it per row): an EXISTS materialises at most one new row (whether there
%  is one is all it tells); a failing subquery (a scalar one with several rows) is abandoned
%  (which row H2 fails on is not modelled).
%
%  ?- db:empty(schema([table(a,[column(id,int(0,9),not_null,none)],[id],[],[],[]),
%                      table(b,[column(a,int(0,9),not_null,none)],[],[],[],[])]), Db0),
%     db:correlated_selected([[e(a,a,row(0,initial([1]),[1],alive))]],
%         correlated(exists(select([int(1)],[from(b,b)],cmp(eq,col(b,a),outer_col(a,id)),[],all))),
%         Db0, _, Sel).
%  Sel = [] (first answer: no row of b has a = 1); then Sel = [[e(a,a,...)]].
correlated_selected(Tuples, Cond, Db0, Db, Selected) :-
    (   has_correlated(Cond) -> correlated_tuples(Tuples, Cond, Db0, Db, Selected)
    ;   selected_tuples(Tuples, Db0, Cond, Selected), Db = Db0
    ).

correlated_tuples([], _, Db, Db, []).
correlated_tuples([Tuple|Ts], Cond0, Db0, Db, Selected) :-
    subqueries_bound(Cond0, Tuple, Db0, Db1, Cond),
    tuple_selected(Cond, Tuple, Db1, In),
    (   In == true -> Selected = [Tuple|Selected1] ; Selected = Selected1 ),
    correlated_tuples(Ts, Cond0, Db1, Db, Selected1).

% T0 with each correlated subquery run for Tuple, as subqueries_run/4 runs one.
subqueries_bound(T0, Tuple, Db0, Db, T) :-
    (   var(T0) -> T = T0, Db = Db0
    ;   T0 = correlated(Subquery0) ->
        outer_bound(Subquery0, Tuple, Db0, Subquery),
        (   Subquery = exists(_) ->
            Db0 = db(S, MaxNew, Id0, Ts0, Ns0, Q0),
            subqueries_run(Subquery, T, db(S, 1, Id0, Ts0, Ns0, Q0), db(S, _, Id, Ts, Ns, Q)),
            Db = db(S, MaxNew, Id, Ts, Ns, Q)
        ;   subqueries_run(Subquery, T, Db0, Db)
        ),
        (   conversion_failed(T) -> jvm:abandon ; true )
    ;   ( T0 = s(_, _) ; T0 = val(_) ) -> T = T0, Db = Db0
    ;   compound(T0) ->
        T0 =.. [F|As0],
        foldl(subquery_bound(Tuple), As0, As, Db0, Db),
        T =.. [F|As]
    ;   T = T0, Db = Db0
    ).
subquery_bound(Tuple, A0, A, Db0, Db) :- subqueries_bound(A0, Tuple, Db0, Db, A).

% T0 with each outer_col(Alias, Column) of an alias of Tuple replaced by its value, val(V).
outer_bound(T0, Tuple, Db, T) :-
    (   var(T0) -> T = T0
    ;   T0 = outer_col(Alias, Column), memberchk(e(Alias, _, _), Tuple) ->
        expr_value(col(Alias, Column), Tuple, Db, V), T = val(V)
    ;   ( T0 = val(_) ; T0 = s(_, _) ) -> T = T0
    ;   compound(T0) ->
        T0 =.. [F|As0],
        maplist(outer_arg_bound(Tuple, Db), As0, As),
        T =.. [F|As]
    ;   T = T0
    ).
outer_arg_bound(Tuple, Db, A0, A) :- outer_bound(A0, Tuple, Db, A).

% Of two interchangeable rows (interchangeable_pairs/4) the first is kept at least whenever
% the second is: the swap of the two, with the rows their subqueries saw, makes the other case.
canonical_kept(Tuples, I-J) :-
    (   member([e(_, _, row(Id, _, _, _))], Tuples), Id == J ->
        member([e(_, _, row(Id1, _, _, _))], Tuples), Id1 == I
    ;   true
    ),
    !.

%% outer_matching(+From, +Cond, +Looked, +Db0, -Db, -Bindings, -Tuples, -Direct)
%
%  The tuples of a FROM whose inner tables from(Table, Alias) are followed by outer joins
%  outer(Table, Alias, On) (`LEFT JOIN Table Alias ON On`), kept when they satisfy Cond:
%  first the inner tables' tuples that satisfy Cond's conjuncts naming no outer alias
%  (matching/6, which closes those tables for them: a row failing one of them is in no
%  result); then, join after join, each tuple with every row of the join's table satisfying
%  On with the tuple's values (matching/6 again, closing that table for those values), or
%  with a row of NULLs when none does, as H2 joins them; last, a branch per joined tuple on
%  the rest of Cond. Direct are the rows materialised for the inner tables.
%
%  An outer join whose On pins a key of its table (at most one row joins each tuple) and
%  whose alias nothing else of the statement names (Cond, Looked: its order, grouping,
%  items other than plain ones; a later join's On) is left open: whether each tuple gets
%  the row or NULLs is not a path each way but a choice the path makes where something looks
%  at one of the row's values (a null test, a comparison), and otherwise before the next
%  statement or at its end (open_joins_decided/3). A program that only copies the joined
%  values makes one path per number of rows, not one per combination of joined rows.
%
%  ?- db:empty(schema([table(a,[column(id,int(0,9),not_null,none)],[id],[],[],[]),
%                      table(b,[column(id,int(0,9),not_null,none)],[id],[],[],[])]), Db0),
%     db:outer_matching([from(a,a),outer(b,b,cmp(eq,col(b,id),col(a,id)))], true, [], Db0, _, _, Ts, _).
%  Ts = [] (first answer); then one a row joined with a row of b left open, ...
outer_matching(From, Cond, Looked, Db0, Db, Bindings, Tuples, Direct) :-
    include(is_inner_table, From, Inner),
    exclude(is_inner_table, From, Outer),
    maplist(from_binding, Inner, InnerBindings),
    maplist(outer_binding, Outer, OuterBindings),
    append(InnerBindings, OuterBindings, Bindings),
    conjuncts(Cond, Conjuncts),
    maplist(binding_alias, OuterBindings, OuterAliases),
    % A correlated subquery runs once the outer joins are made.
    include(inner_conjunct(OuterAliases), Conjuncts, InnerConjuncts),
    exclude(inner_conjunct(OuterAliases), Conjuncts, RestConjuncts),
    conjoined(InnerConjuncts, InnerCond),
    conjoined(RestConjuncts, RestCond),
    matching(InnerBindings, InnerCond, Db0, Db1, Tuples0, Direct),
    include(open_outer(Outer, Cond-Looked), Outer, Open0),
    maplist(outer_alias, Open0, Open),
    foldl(outer_joined(Open), Outer, Tuples0-Db1, Joined-Db2),
    (   InnerBindings = [_] ->
        interchangeable_pairs(Direct, Db0, Db1, Pairs),
        maplist(outer_canonical(Joined), Pairs)
    ;   true
    ),
    correlated_selected(Joined, RestCond, Db2, Db, Tuples).

inner_conjunct(OuterAliases, C) :- \+ names_any(OuterAliases, C), \+ has_correlated(C).

is_inner_table(from(_, _)).
outer_binding(outer(Table, Alias, _), b(Alias, Table)).
outer_alias(outer(_, Alias, _), Alias).

% No part of the statement but the join's own On and plain items names the outer join's alias.
open_outer(Outer, Named, outer(_, Alias, _)) :-
    \+ names_any([Alias], Named),
    \+ ( member(outer(_, Other, On), Outer), Other \== Alias, names_any([Alias], On) ).
binding_alias(b(Alias, _), Alias).

conjuncts(Cond, Cs) :-
    (   nonvar(Cond), Cond = and(A, B) -> conjuncts(A, As), conjuncts(B, Bs), append(As, Bs, Cs)
    ;   Cs = [Cond]
    ).

conjoined([], true).
conjoined([C|Cs], Cond) :- foldl(and_to, Cs, C, Cond).
and_to(C, A, and(A, C)).

% T names a column of one of Aliases (values, val(_) and strings, are not looked into).
names_any(Aliases, T) :-
    nonvar(T),
    (   T = col(Alias, _) -> memberchk(Alias, Aliases)
    ;   ( T = val(_) ; T = s(_, _) ) -> false
    ;   compound(T), T =.. [_|Args], member(A, Args), names_any(Aliases, A) -> true
    ).

% One outer join over the tuples so far, each tuple in turn.
outer_joined(Open, outer(Table, Alias, On), Tuples0-Db0, Tuples-Db) :-
    foldl(tuple_outer_joined(Open, Table, Alias, On), Tuples0, Joined, Db0, Db),
    append(Joined, Tuples).

tuple_outer_joined(Open, Table, Alias, On0, Tuple, Joined, Db0, Db) :-
    columns_bound(On0, Tuple, Db0, On),
    (   memberchk(Alias, Open), pinned_cap([b(Alias, Table)], On, Db0, Table, 1) ->
        schema_table(Db0, Table, table(_, Columns, _, _, _, _)),
        length(Columns, N),
        length(Values, N),
        maplist(open_join_value(Decision), Columns, Values),
        freeze(Decision, open_join_made(Decision, Values)),
        Db0 = db(S, M, Id, Ts, Ns, Q),
        Db = db(S, M, Id, Ts, Ns, [open_join(Table, Alias, On, Decision, Values)|Q]),
        append(Tuple, [e(Alias, Table, row(open, outer_open, Values, alive))], One),
        Joined = [One]
    ;   matching([b(Alias, Table)], On, Db0, Db, Matches, _),
        tuple_outer_rows(Matches, Table, Alias, Tuple, Db, Joined)
    ).

tuple_outer_rows(Matches, Table, Alias, Tuple, Db, Joined) :-
    (   Matches == [] ->
        schema_table(Db, Table, table(_, Columns, _, _, _, _)),
        maplist(null_column, Columns, Nulls),
        append(Tuple, [e(Alias, Table, row(none, outer_null, Nulls, alive))], One),
        Joined = [One]
    ;   maplist(append(Tuple), Matches, Joined)
    ).

null_column(_, null).

% A value of an open join's row: open like a nullable column's (a string keeps its length
% bound), and looking at it decides the join (verify_attributes/3).
open_join_value(Decision, column(_, Type, Nullable, _), V) :-
    put_atts(V, open_join(Decision, Nullable)),
    (   Type = string(N) -> put_atts(V, string_bound(N)) ; true ).

% The join decided: without its row, every value is NULL; with it, open_joins_decided/3 makes
% the values the row's when it finds the row.
open_join_made(Decision, Values) :-
    (   Decision == absent -> maplist(=(null), Values) ; true ).

% A value of an open join looked at: NULL in a NOT NULL column means no row joined, any other
% value that one did.
open_join_looked_at(Decision, Nullable, Value) :-
    (   var(Value) -> true
    ;   Value == null -> ( Nullable == not_null -> Decision = absent ; true )
    ;   Decision = present
    ).

%% open_joins_decided(+Mode, +Db0, -Db)
%
%  Every join left open (outer_matching/8) is made, in the order the statements made them:
%  its table is matched with its On now, as when it was left open (no statement ran since,
%  and the rows materialised since are initial rows the statement saw), keeping the outcome
%  the path decided: no row (the values NULL) or the one row (the values the row's). Mode
%  statement (another statement runs): an undecided join takes a path each way; Mode closed
%  (the path ends): an undecided join has no row if the path allows it, as an unread nullable
%  column is NULL.
%
%  ?- db:empty(schema([]), Db0), db:open_joins_decided(closed, Db0, Db).
%  Db = Db0.
open_joins_decided(Mode, Db0, Db) :-
    Db0 = db(S, M, Id, Ts, Ns, Q0),
    include(is_open_join, Q0, Open0),
    (   Open0 == [] -> Db = Db0
    ;   exclude(is_open_join, Q0, Q),
        reverse(Open0, Open),
        foldl(open_join_decided(Mode), Open, db(S, M, Id, Ts, Ns, Q), Db)
    ).

is_open_join(open_join(_, _, _, _, _)).

open_join_decided(Mode, open_join(Table, Alias, On, Decision, Values), Db0, Db) :-
    (   Mode == closed, var(Decision) ->
        (   Decision = absent, open_join_matched(Table, Alias, On, absent, Values, Db0, Db1) ->
            Db = Db1
        ;   Decision = present, open_join_matched(Table, Alias, On, present, Values, Db0, Db)
        )
    ;   open_join_matched(Table, Alias, On, Decision, Values, Db0, Db)
    ).

open_join_matched(Table, Alias, On, Decision, Values, Db0, Db) :-
    matching([b(Alias, Table)], On, Db0, Db, Matches, _),
    (   Matches == [] -> Decision = absent
    ;   Matches = [[e(_, _, row(_, _, RowValues, _))]], Decision = present, Values = RowValues
    ).

%% open_join_type(+Db, ?V, -Type)
%
%  V is a value of a join left open (outer_matching/8), of a column of type Type.
%
%  ?- db:empty(schema([]), Db), \+ db:open_join_type(Db, _, _).
%  true.
open_join_type(db(Schema, _, _, _, _, Q), V, Type) :-
    var(V),
    get_atts(V, open_join(_, _)),
    member(open_join(Table, _, _, _, Values), Q),
    nth1(I, Values, V1), V1 == V, !,
    schema_tables(Schema, Ts),
    memberchk(table(Table, Columns, _, _, _, _), Ts),
    nth1(I, Columns, Column),
    arg(2, Column, Type).

% Two rows of one table that the inner match cannot tell apart (interchangeable_pairs/4: both
% selected, swapping their values changes nothing) make the same database in either order of
% the outer rows joined to them: of the two, the one where the first has at least as many
% joined rows is kept, as canonical_selection/3 keeps one selection.
outer_canonical(Joined, I-J) :-
    foldl(outer_rows_of(I), Joined, 0, NI),
    foldl(outer_rows_of(J), Joined, 0, NJ),
    NI >= NJ.

outer_rows_of(Id, [e(_, _, row(Id0, _, _, _))|Outer], N0, N) :-
    (   Id0 == Id -> include(joined_row, Outer, Rows), length(Rows, K), N is N0 + K
    ;   N = N0
    ).

joined_row(e(_, _, row(Id, _, _, _))) :- Id \== none.

% Cond with each column of the tuple's aliases replaced by its value, val(V).
columns_bound(T0, Tuple, Db, T) :-
    (   var(T0) -> T = T0
    ;   T0 = col(Alias, _), memberchk(e(Alias, _, _), Tuple) -> expr_value(T0, Tuple, Db, V), T = val(V)
    ;   ( T0 = val(_) ; T0 = s(_, _) ) -> T = T0
    ;   compound(T0) ->
        T0 =.. [F|As0],
        maplist(column_bound(Tuple, Db), As0, As),
        T =.. [F|As]
    ;   T = T0
    ).
column_bound(Tuple, Db, A0, A) :- columns_bound(A0, Tuple, Db, A).

% Each branch's condition is posted under jvm's inference budget: propagation can stall on
% wide domains (a row's updated column against another column of it, say), and such a path is
% abandoned, the exploration marked incomplete, rather than hanging.
decided(Goal) :- jvm:guarded(db:Goal).

%% fixture(+Db, -InitialRows)  final(+Db, -FinalRows)
%
%  Per table Name-Rows: the initial rows materialised (their initial values), or the alive
%  rows at the end (their current values).
fixture(db(Schema, _, _, Tables, _, _), Fixture) :-
    schema_tables(Schema, Ts),
    maplist(closed_table(Ts), Tables),
    maplist(initial_rows, Tables, Fixture).

closed_table(Schema, Name-Rows) :-
    memberchk(table(Name, Columns, _, _, _, Checks), Schema),
    initial_values(Rows, Values),
    maplist(closed_row(Columns), Values),
    maplist(listed_strings_hold(Columns, Checks), Values).

% An IN-list of strings was checked when its string was read (check_passes/4), before what the
% code did with the string: Java's trim() and toLowerCase() compared with literals may since
% have ruled out every listed string, which the reified disjunction does not propagate. Each is
% tried again when the path ends, so that such a path is refuted here rather than by labelling
% every code.
listed_strings_hold(Columns, Checks, Vs) :-
    maplist(listed_string_holds(Columns, Vs), Checks).

listed_string_holds(Columns, Vs, Check) :-
    (   Check = in(col(_, Name), Items),
        maplist(string_item, Items, Strings),
        column_type_value(Columns, Vs, Name, _, V),
        nonvar(V), V = s(_, _) ->
        possible_strings(V, Strings, Possible),
        ( Possible = [S] -> V = S ; Possible = [_|_] )
    ;   true
    ).

final(db(_, _, _, Tables, _, _), Final) :-
    maplist(final_rows, Tables, Final).

initial_rows(Name-Rows, Name-Values) :- initial_values(Rows, Values).
final_rows(Name-Rows, Name-Values) :- alive_values(Rows, Values).

initial_values([], []).
initial_values([row(_, initial(I), _, _)|Rs], [I|Is]) :- !, initial_values(Rs, Is).
initial_values([_|Rs], Is) :- initial_values(Rs, Is).

alive_values([], []).
alive_values([row(_, _, Vs, alive)|Rs], [Vs|Ts]) :- !, alive_values(Rs, Ts).
alive_values([_|Rs], Ts) :- alive_values(Rs, Ts).

% --- Parameters --------------------------------------------------------------------------------

% A parameter's value is a value, or template(Parts) for a JDBC parameter the Java code built
% with `+` (its literal parts keep their LIKE wildcards).
%  The clock is the parameter clock-reading(C, Used), when the statement is given a reading
%  (jdbc.pl): a value stored, now(timestamp) or now(date), is C or the start of its day, and
%  sets Used to 1; a side of a comparison, clock, becomes reading(C, Used) (clock_truth/4). A
%  statement run without one (tests/db.rs) takes a reading of its own.
substituted(T0, Params, Engine, T) :-
    (   var(T0) -> T = T0
    ;   T0 = param(_) -> param_value(T0, Params, V), ( nonvar(V), V = template(_) -> T = V ; T = val(V) )
    ;   T0 == clock -> ( member(K-R, Params), K == clock -> T = R ; unrecorded_reading(C), T = reading(C, _) )
    ;   T0 = now(Kind) ->
        (   member(K-reading(C, Used), Params), K == clock -> Used = 1
        ;   unrecorded_reading(C)
        ),
        (   Kind == date -> dates:day_start(C, V) ; V = C ),
        T = val(V)
    ;   ( T0 = val(_) ; T0 = reading(_, _) ) -> T = T0
    ;   T0 = as(To, param(N)) ->
        % Parameters given without their Java type (by tests of this module) are not converted.
        (   member(K-From, Params), K == type(N) ->
            param_value(param(N), Params, V),
            engine_converted(Engine, From, To, V, T)
        ;   substituted(param(N), Params, Engine, T)
        )
    ;   T0 = hole(_) -> param_value(T0, Params, V), T = val(V)
    ;   T0 = str(Cs) -> T = str(Cs)
    ;   compound(T0) ->
        T0 =.. [F|As0], maplist(substituted_(Params, Engine), As0, As), T =.. [F|As]
    ;   T = T0
    ).
substituted_(Params, Engine, A0, A) :- substituted(A0, Params, Engine, A).

%% engine_converted(+Engine, +From, +To, ?V, -T)
%
%  converted/4 where the tests run on Engine's engines. PostgreSQL's driver types a String
%  parameter as text, which no integer column accepts or is compared with (an SQLException
%  whatever the text, whose state depends on the statement), where H2 converts the text: the
%  two agree only on text that is no number (mismatched, a plain SQLException); the other
%  paths are abandoned (jvm:abandon/1). An integer meets a text column alike on both.
%
%  ?- db:engine_converted(postgres, long, text, 42, val(S)).
%  S = s(2,[52,50,0,...]).
engine_converted(Engine, From, To, V, T) :-
    (   Engine == postgres, To == integer, From == string ->
        strings:shape(V),
        (   V == null -> jvm:abandon(engines)
        ;   decided(number_text(_, V)), jvm:abandon(engines)
        ;   decided(starts_with_letter(V)), T = mismatched
        )
    ;   Engine == postgres, To == integer, nonvar(V), V = template(_) -> jvm:abandon(engines)
    ;   converted(From, To, V, T)
    ).

%% converted(+From, +To, ?V, -T)
%
%  A parameter's value V, set as a Java From (int, long, string, boolean, null; a double or
%  float, converted only to a DECIMAL, DOUBLE or REAL: elsewhere abandoned), where it meets
%  a column of type To: an integer column (To integer) or a text column it is stored in (text)
%  or compared with (compared_with_text), a DECIMAL compared with (decimal) or a DECIMAL column
%  of scale S it is stored in (decimal(S)). T is val(V) converted as H2 converts it, or
%  conversion_failed where H2 raises "Data conversion error" (an SQLException). Text converts
%  to an integer when it is one's decimal text; the failing paths are texts starting with a
%  letter (other texts, " 7" or "+7" say, are not explored). An integer stored in a text column
%  becomes its decimal text. What H2 does with a number compared with a text column (it
%  converts every row's text) is not modelled: the path is abandoned.
%
%  ?- db:converted(long, text, 42, val(S)).
%  S = s(2,[52,50,0,...]).
converted(From, To, V, T) :-
    (   V == null -> T = val(null)
    ;   To = floating(Type) -> floating_converted(From, Type, V, T)
    ;   memberchk(From, [double, float]), To \== decimal, To \= decimal(_) -> jvm:abandon
    ;   To == decimal -> decimal_converted(From, V, T)
    ;   To = decimal(Scale) ->
        % Stored in a DECIMAL column: H2 rounds half up to the column's scale.
        decimal_converted(From, V, val(U)),
        decimals:rounded(Scale, half_up, U, R, _),
        T = val(R)
    ;   From == decimal -> jvm:abandon
    ;   nonvar(V), V = template(_) -> text_converted(To, V, T)
    ;   From == string -> text_converted(To, V, T)
    ;   To == text, memberchk(From, [int, long]) -> strings:text_of(From, V, S), T = val(S)
    ;   To == integer -> T = val(V)
    ;   jvm:abandon
    ).

% A DECIMAL meets a BigDecimal's units as they are, an integer's scaled to units, a double's
% or float's exact value when it has one of 4 places (floating:to_decimal/2); text is not
% followed.
decimal_converted(From, V, T) :-
    (   From == decimal -> T = val(V)
    ;   memberchk(From, [int, long]) -> decimals:of_integer(V, U), T = val(U)
    ;   memberchk(From, [double, float]) -> floating:to_decimal(V, U), T = val(U)
    ;   jvm:abandon
    ).

% A DOUBLE (Type double) or REAL (float) meets a double's or float's units, an integer's
% scaled to units, a BigDecimal's when it is one of the model's numbers (floating.pl); a value
% H2 would round (a double stored in a REAL that no float holds) is not followed, nor is text.
floating_converted(From, Type, V, val(R)) :-
    (   From == Type -> R = V
    ;   memberchk(From, [double, float, int, long]) -> floating:converted(From, Type, V, R)
    ;   From == decimal -> floating:of_decimal(Type, V, R)
    ;   jvm:abandon
    ).

text_converted(To, V, T) :-
    (   To == integer, nonvar(V), V = template(_) -> jvm:abandon
    ;   To == integer ->
        strings:shape(V),
        (   V == null -> T = val(null)
        ;   decided(number_text(N, V)), T = val(N)
        ;   decided(starts_with_letter(V)), T = conversion_failed
        )
    ;   nonvar(V), V = template(_) -> T = V
    ;   T = val(V)
    ).

number_text(N, V) :-
    N in -9223372036854775808..9223372036854775807,
    strings:text_of(long, N, V).

starts_with_letter(V) :-
    V = s(Len, _),
    Len #>= 1,
    strings:codes(V, [C|_]),
    C in 65..90 \/ 97..122.

conversion_failed(T) :-
    (   T == conversion_failed -> true
    ;   compound(T), T \= s(_, _), T =.. [_|As], member(A, As), nonvar(A), conversion_failed(A) -> true
    ).

% A parameter neither engine accepts, whose SQL state differs between them (engine_converted/5).
mismatched(T) :-
    (   T == mismatched -> true
    ;   compound(T), T \= s(_, _), T =.. [_|As], member(A, As), nonvar(A), mismatched(A) -> true
    ).

param_value(Key, Params, V) :-
    (   member(K-V0, Params), K == Key -> V = V0
    ;   throw(error(existence_error(parameter, Key), execute/5))
    ).

% --- Matching rows -----------------------------------------------------------------------------

%% matching(+Bindings, +Cond, +Db0, -Db, -Tuples)
%
%  The tuples (lists Alias-Row, one per binding) of alive rows satisfying Cond: up to MaxNew new
%  initial rows are materialised (each must be in a selected tuple), each tuple of candidates
%  is a branch (selected or not), and a negative constraint closes the tables for Cond.
matching(Bindings, Cond, Db0, Db, Tuples) :-
    matching(Bindings, Cond, Db0, Db, Tuples, _).

% Direct: the ids of the rows materialised for the bindings (not those materialised in turn
% as the targets of their foreign keys), in increasing order.
matching(Bindings, Cond, Db0, Db, Tuples, Direct) :-
    matching(Bindings, Cond, [], Db0, Db, Tuples, Direct).

% Looked: what else of the statement compares the rows' values (its grouping, its order).
matching(Bindings, Cond, Looked, Db0, Db, Tuples, Direct) :-
    Db0 = db(_, MaxNew, _, _, _, _),
    new_rows(Bindings, Cond, Looked, MaxNew, Db0, Db1, Direct),
    maplist(candidates(Db1), Bindings, Candidates),
    product(Candidates, AllTuples),
    selected_tuples(AllTuples, Db1, Cond, Tuples),
    Db1 = db(S, M, NextId, Ts, Ns, Q),
    maplist(selected_id(Tuples), Direct),
    interchangeable_pairs(Direct, Db0, Db1, Pairs),
    maplist(canonical_selection(AllTuples, Tuples), Pairs),
    maplist(snapshot, Bindings, Candidates, NegBindings),
    Db = db(S, M, NextId, Ts, [neg(Cond, NegBindings)|Ns], Q).

snapshot(b(Alias, Table), Entries, b(Alias, Table, Values)) :-
    maplist(entry_values, Entries, Values).
entry_values(e(_, _, row(_, _, Vs, _)), Vs).

new_rows(Bindings, Cond, MaxNew, Db0, Db, Ids) :-
    new_rows(Bindings, Cond, [], MaxNew, Db0, Db, Ids).

new_rows(Bindings, Cond, Looked, MaxNew, Db0, Db, Ids) :-
    maplist(binding_table, Bindings, Tables0),
    % A table bound twice (a self-join) is one choice, not two that make the same rows.
    list_to_set(Tables0, Choices0),
    exclude(keys_known(Bindings, Cond, Db0), Choices0, Choices),
    % The caps depend on the statement only: found once, not once per choice of new rows.
    pinned_caps(Choices, Bindings, Cond, Db0, Caps),
    between(0, MaxNew, N),
    length(Tables, N),
    sorted_choice(Tables, Choices),
    maplist(within_cap(Tables), Caps),
    foldl(materialised(2, Bindings, Cond-Looked), Tables, Ids, Db0, Db),
    \+ referenced_direct_row(Ids, Db).

binding_table(b(_, Table), Table).

%% referenced_direct_row(+Ids, +Db)
%
%  Of the rows one statement materialised directly (Ids, in order), a later one has a foreign
%  key pointing at an earlier one, of a key-ordered table without foreign keys of its own. The
%  same rows come from the later row alone, its foreign key making the row it points at (with
%  no requirement that the row be selected): rows of a key-ordered table are scanned by key, so
%  where the row falls among the statement's new rows changes nothing. Without this, `customer
%  c JOIN mortgage m` gave each mortgage with a new customer twice (a path each), once from
%  the choice [mortgage] and once from [customer, mortgage].
%
%  ?- S = schema([table(p,[column(id,int(0,9),not_null,none)],[id],[],[],[]),
%                 table(c,[column(id,int(0,9),not_null,none),column(p,int(0,9),not_null,none)],
%                       [id],[],[fk([p],p,[id])],[])]),
%     db:empty(S, Db0), db:materialise(p, 2, Db0, Db1, [P]), db:materialise(c, 2, Db1, Db, [_, P1]),
%     P1 == P, db:referenced_direct_row([0, 1], Db).
%  true.
referenced_direct_row(Ids, Db) :-
    Db = db(_, _, _, Ts, _, _),
    append(_, [Target|Later], Ids),
    initial_row(Ts, Target, TargetTable, TargetValues),
    key_ordered(Db, TargetTable, _),
    schema_table(Db, TargetTable, table(_, TargetColumns, _, _, TargetFks, _)),
    TargetFks == [],
    member(Referring, Later),
    initial_row(Ts, Referring, Table, Values),
    schema_table(Db, Table, table(_, Columns, _, _, Fks, _)),
    member(fk(Cols, RefTable, RefCols), Fks),
    RefTable == TargetTable,
    key_values(Columns, Cols, Values, Vs),
    key_values(TargetColumns, RefCols, TargetValues, RefVs),
    Vs == RefVs,
    !.

initial_row(Ts, Id, Table, Values) :-
    member(Table-Rows, Ts),
    member(row(Id1, initial(Values), _, _), Rows),
    Id1 == Id,
    !.

%% keys_known(+Bindings, +Cond, +Db, +Table)
%
%  No new initial row of Table can be in a tuple satisfying Cond: for each alias bound to
%  Table, Cond's top conjunction pins a key (primary or unique) of that alias to values an
%  initial row already known has as its key, and initial rows' keys are distinct. The
%  read-then-write pattern (`SELECT ... WHERE id = ?`, then `UPDATE ... WHERE id = ?`) would
%  otherwise materialise such rows, checking each against every CHECK, key and negative
%  constraint, only to find the key equality false.
%
%  ?- db:keys_known([b(t, t)], cmp(eq, col(t, a), val(X)),
%         db(schema([table(t, [column(a, int(0, 9), not_null, none)], [a], [], [], [])]), 2, 1,
%            [t-[row(0, initial([X]), [X], alive)]], [], []), t).
%  true.
keys_known(Bindings, Cond, Db, Table) :-
    schema_table(Db, Table, table(_, Columns, Pk, Uniques, _, _)),
    Db = db(_, _, _, Ts, _, _),
    memberchk(Table-Rows, Ts),
    initial_values(Rows, Initial),
    Initial \== [],
    \+ (   member(b(Alias, T), Bindings),
            T == Table,
            \+ (   member(Key, [Pk|Uniques]), Key \== [],
                    maplist(pinned(Alias, Cond), Key, Vs),
                    member(Values, Initial),
                    key_values(Columns, Key, Values, Vs0),
                    Vs0 == Vs
                )
        ).

%% pinned_caps(+Tables, +Bindings, +Cond, +Db, -Caps)
%
%  Caps holds Table-Cap for each of Tables (those a statement may materialise new rows of)
%  whose new rows number at most Cap, its aliases in Bindings, because Cond's top conjunction
%  pins a key (primary or unique) of each of them to one value of the statement (`WHERE email
%  = ?` on a UNIQUE email): every new row is in a selected tuple, so it has that alias's key
%  value, and initial rows' keys are distinct. Two such rows would otherwise be materialised,
%  each with its foreign keys' choices, before their equal keys refute them.
%
%  ?- db:pinned_caps([t], [b(t, t)], cmp(eq, col(t, a), val(1)),
%         db(schema([table(t, [column(a, int(0, 9), not_null, none)], [a], [], [], [])]), 2, 0,
%            [t-[]], [], []), Caps).
%  Caps = [t-1].
pinned_caps([], _, _, _, []).
pinned_caps([Table|Tables], Bindings, Cond, Db, Caps) :-
    (   pinned_cap(Bindings, Cond, Db, Table, Cap) -> Caps = [Table-Cap|Caps1]
    ;   Caps = Caps1
    ),
    pinned_caps(Tables, Bindings, Cond, Db, Caps1).

% The new rows Tables hold at most Cap rows of Table.
within_cap(Tables, Table-Cap) :-
    include(==(Table), Tables, New),
    length(New, N),
    N =< Cap.

pinned_cap(Bindings, Cond, Db, Table, Cap) :-
    schema_table(Db, Table, table(_, _, Pk, Uniques, _, _)),
    findall(Alias, ( member(b(Alias, T), Bindings), T == Table ), Aliases),
    \+ (   member(Alias, Aliases),
            \+ (   member(Key, [Pk|Uniques]), Key \== [],
                    maplist(pinned_to_constant(Alias, Cond), Key)
                )
        ),
    length(Aliases, Cap).

% Cond holds only where column Name of Alias equals an expression that names no column (one
% value for the whole statement).
pinned_to_constant(Alias, Cond, Name) :-
    conjunct(Cond, cmp(eq, A, B)),
    (   A == col(Alias, Name) -> statement_constant(B)
    ;   B == col(Alias, Name) -> statement_constant(A)
    ),
    !.

statement_constant(E) :-
    nonvar(E),
    (   E = val(_) -> true
    ;   E = col(_, _) -> false
    ;   atomic(E) -> true
    ;   E =.. [_|Args], maplist(statement_constant, Args)
    ).

% Cond holds only where column Name of Alias equals the value V (a conjunct col = value).
pinned(Alias, Cond, Name, V) :-
    conjunct(Cond, cmp(eq, A, B)),
    (   A == col(Alias, Name) -> plain_value(B, V)
    ;   B == col(Alias, Name) -> plain_value(A, V)
    ),
    V \== null,
    !.

conjunct(Cond, C) :-
    (   nonvar(Cond), Cond = and(A, B) -> ( conjunct(A, C) ; conjunct(B, C) )
    ;   C = Cond
    ).

% A value a condition compares with that no row gives.
plain_value(E, V) :-
    nonvar(E),
    (   E = val(V) -> true
    ;   E = int(V) -> true
    ;   E = looked_at(E1) -> plain_value(E1, V)
    ).

% Choose the tables of the new rows as a multiset (in binding order), not a sequence.
sorted_choice([], _).
sorted_choice([T|Ts], Choices) :-
    append(_, [T|Rest], Choices),
    sorted_choice(Ts, [T|Rest]).

% A row gets its id after the rows its foreign keys made: it is the last one. The columns Cond
% (the condition, and what else of the statement compares values) names are looked at by the
% statement: a foreign key among them is followed at once.
materialised(Depth, Bindings, Cond, Table, Id, Db0, Db) :-
    findall(C, ( member(b(A, T), Bindings), T == Table,
                 phrase(condition_columns_of(A, Cond), Cs), member(C, Cs) ), Compared),
    materialise(Table, Depth, Compared, Db0, Db, _),
    Db = db(_, _, Next, _, _, _),
    Id is Next - 1.

candidates(Db, b(Alias, Table), Entries) :-
    alive_rows(Db, Table, Rows),
    maplist(entry(Alias, Table), Rows, Entries).
entry(Alias, Table, Row, e(Alias, Table, Row)).

selected_tuples([], _, _, []).
selected_tuples([Tuple|Ts], Db, Cond, Selected) :-
    tuple_selected(Cond, Tuple, Db, In),
    (   In == true -> Selected = [Tuple|Selected1] ; Selected = Selected1 ),
    selected_tuples(Ts, Db, Cond, Selected1).

%% tuple_selected(+Cond, +Tuple, +Db, ?Selected)
%
%  A branch where Tuple satisfies Cond (Selected true) and one where it does not (false). A
%  tuple in a result satisfies Cond, a branch per way a LIKE matches; one left out has Cond
%  reified (LIKE without a branch): a row a pattern misses is one path, not one where the
%  pattern misses and one where it matches and another condition fails. Without LIKE, Cond's
%  truth is found once for both branches.
tuple_selected(Cond, Tuple, Db, Selected) :-
    (   has_like(Cond) ->
        (   Selected = true, selected_truth(Cond, Tuple, Db, T), decided(T #= 2)
        ;   Selected = false, not_selected(Cond, Tuple, Db)
        )
    ;   truth(Cond, Tuple, Db, T),
        (   Selected = true, decided(T #= 2)
        ;   Selected = false, decided(T #< 2)
        )
    ).

% The truth of a selected tuple's condition: a LIKE among its conjuncts must hold and is placed
% (like_outcome/3); one under OR or NOT only takes part in the condition's truth, reified as
% for a tuple left out, so which of `name LIKE ? OR city LIKE ?` holds is decided at labelling
% (or when the code looks at the column), not a path per combination of matching columns.
selected_truth(and(A, B), Tuple, Db, T) :- !,
    selected_truth(A, Tuple, Db, TA),
    selected_truth(B, Tuple, Db, TB),
    conjunction(TA, TB, T).
selected_truth(Cond, Tuple, Db, T) :-
    (   Cond = like(_, _) -> truth(Cond, Tuple, Db, T)
    ;   truth(Cond, [reified|Tuple], Db, T)
    ).

not_selected(Cond, Tuple, Db) :-
    truth(Cond, [reified|Tuple], Db, T),
    decided(T #< 2).

has_like(Cond) :-
    compound(Cond),
    (   Cond = like(_, _) -> true
    ;   Cond =.. [_|Args], member(Arg, Args), has_like(Arg) -> true
    ).

% Rows of a key-ordered table that one statement materialised one after the other, with no
% row made for their foreign keys (those point at rows known before), are interchangeable:
% swapping their values changes nothing a program can see (scans follow the key), so of two
% selections that differ by the swap only one needs to be a path. The self-join
% `account a, account b` then gives (a = r1, b = r2) and not also (a = r2, b = r1).
interchangeable_pairs(Direct, Db0, Db, Pairs) :-
    Db0 = db(_, _, Id0, _, _, _),
    Db = db(_, _, Id, Ts, _, _),
    length(Direct, N),
    (   Id - Id0 =:= N -> consecutive_pairs(Direct, Db, Ts, Pairs) ; Pairs = [] ).

consecutive_pairs([], _, _, []).
consecutive_pairs([_], _, _, []) :- !.
consecutive_pairs([I, J|Ids], Db, Ts, Pairs) :-
    (   row_table(Ts, I, T), row_table(Ts, J, T), key_ordered(Db, T, _) ->
        Pairs = [I-J|Pairs1]
    ;   Pairs = Pairs1
    ),
    consecutive_pairs([J|Ids], Db, Ts, Pairs1).

row_table(Ts, Id, Table) :-
    member(Table-Rows, Ts), member(row(Id1, _, _, _), Rows), Id1 == Id, !.

% The selection, as one bit per candidate tuple in enumeration order, is not below its image
% under the swap of the two rows.
canonical_selection(AllTuples, Selected, Swap) :-
    maplist(tuple_ids, Selected, SelectedIds),
    maplist(selection_bits(SelectedIds, Swap), AllTuples, Bits, SwappedBits),
    Bits @>= SwappedBits.

selection_bits(SelectedIds, I-J, Tuple, Bit, SwappedBit) :-
    tuple_ids(Tuple, Ids),
    maplist(swapped(I, J), Ids, SwappedIds),
    ( memberchk(Ids, SelectedIds) -> Bit = 1 ; Bit = 0 ),
    ( memberchk(SwappedIds, SelectedIds) -> SwappedBit = 1 ; SwappedBit = 0 ).

tuple_ids(Tuple, Ids) :- maplist(entry_id, Tuple, Ids).
entry_id(e(_, _, row(Id, _, _, _)), Id).
swapped(I, J, K, S) :- ( K =:= I -> S = J ; K =:= J -> S = I ; S = K ).

% Every row materialised for a binding is in some selected tuple (the rows its foreign keys
% need need not be).
selected_id(Tuples, Id) :-
    member(Tuple, Tuples), member(e(_, _, row(Id1, _, _, _)), Tuple), Id1 == Id, !.


product([], [[]]).
product([Rows|Rss], Tuples) :-
    product(Rss, Tails),
    findall_tuples(Rows, Tails, Tuples).

% Built by recursion, not findall/3, so that the tuples share the rows' variables.
findall_tuples([], _, []).
findall_tuples([R|Rs], Tails, Tuples) :-
    prefixed(Tails, R, Front),
    findall_tuples(Rs, Tails, Back),
    append(Front, Back, Tuples).
prefixed([], _, []).
prefixed([T|Ts], R, [[R|T]|Us]) :- prefixed(Ts, R, Us).

%% counted_matching(+Bindings, +Cond, +Db0, -Db, -Tuples, -Selections)
%
%  matching/6 without a branch per candidate tuple: Tuples are all the candidate tuples, and
%  Selections a 0/1 variable per tuple, 1 exactly when it satisfies Cond. Every row
%  materialised for a binding is in some selected tuple.
%
%  ?- db:empty(schema([table(t,[column(a,int(0,9),not_null,none)],[a],[],[],[])]), Db0),
%     db:counted_matching([b(t, t)], cmp(gt, col(t, a), int(4)), Db0, _, Ts, Ss).
%  Ts = [], Ss = [] (first answer).
counted_matching(Bindings, Cond, Db0, Db, AllTuples, Selections) :-
    Db0 = db(_, MaxNew, _, _, _, _),
    new_rows(Bindings, Cond, MaxNew, Db0, Db1, Direct),
    maplist(candidates(Db1), Bindings, Candidates),
    product(Candidates, AllTuples),
    foldl(direct_selection(Db1, Cond, Direct), AllTuples, Selections, Others, []),
    maplist(selected_somewhere(AllTuples, Selections), Direct),
    maplist(other_selection(Db1, Cond), Others),
    Db1 = db(S, M, NextId, Ts, Ns, Q),
    maplist(snapshot, Bindings, Candidates, NegBindings),
    Db = db(S, M, NextId, Ts, [neg(Cond, NegBindings)|Ns], Q).

% LIKE reified too (check_passes/4): no path per way a candidate tuple matches a pattern. A
% tuple that propagation alone selects or rejects (a join's key against another row's foreign
% key, say) gets its selection at once: a reification would leave clpz the equality of two
% keys known to differ, which it does not refute until labelling.
selection(Db, Cond, Tuple, Selected) :-
    (   keys_apart(Cond, Tuple, Db) -> Selected = 0
    ;   selection_reified(Db, Cond, Tuple, Selected)
    ).

selection_reified(Db, Cond, Tuple, Selected) :-
    truth(Cond, [reified|Tuple], Db, T),
    (   \+ may_hold(T #= 2) -> decided(T #< 2), Selected = 0
    ;   \+ may_hold(T #< 2) -> decided(T #= 2), Selected = 1
    ;   decided(Selected #<==> (T #= 2))
    ).

% Goal is not refuted by propagation within a small budget (past it, it may hold).
may_hold(Goal) :-
    call_with_inference_limit(Goal, 20000, _),
    !.

% The tuples with a row materialised for a binding get their selections first: each such row
% must be in a selected one (selected_somewhere/3), which refutes most choices of new rows
% before the other tuples' conditions are posted. Others are the rest, Tuple-Selected.
direct_selection(Db, Cond, Direct, Tuple, Selected, Others0, Others) :-
    (   member(Id, Direct), member(e(_, _, row(Id1, _, _, _)), Tuple), Id1 == Id ->
        selection(Db, Cond, Tuple, Selected),
        Others0 = Others
    ;   Others0 = [Tuple-Selected|Others]
    ).

other_selection(Db, Cond, Tuple-Selected) :- selection(Db, Cond, Tuple, Selected).

selected_somewhere(Tuples, Selections, Id) :-
    foldl(selection_with(Id), Tuples, Selections, [], With),
    decided(sum(With, #>=, 1)).

selection_with(Id, Tuple, Selected, With0, With) :-
    (   member(e(_, _, row(Id1, _, _, _)), Tuple), Id1 == Id -> With = [Selected|With0]
    ;   With = With0
    ).

%% counted_aggregate(+Bindings, +Db, +Item)
%
%  Item is an aggregate counted_matching/6 computes as a sum over selections: COUNT(*), or a
%  COUNT or SUM of an integer expression that is never NULL (NOT NULL integer columns, integer
%  literals, `+`, `-`, `*`), which can be computed on every candidate tuple, selected or not.
counted_aggregate(_, _, agg(count, star)) :- !.
counted_aggregate(Bindings, Db, agg(F, E)) :-
    memberchk(F, [count, sum]),
    never_null(E, Bindings, Db).

never_null(E, Bindings, Db) :-
    nonvar(E),
    (   E = int(_) -> true
    ;   E = looked_at(E1) -> never_null(E1, Bindings, Db)
    ;   E = neg(E1) -> never_null(E1, Bindings, Db)
    ;   E = arith(Op, A, B) ->
        memberchk(Op, [add, sub, mul]),
        never_null(A, Bindings, Db),
        never_null(B, Bindings, Db)
    ;   E = col(Alias, Name) ->
        member(b(A, Table), Bindings), A == Alias, !,
        schema_table(Db, Table, table(_, Columns, _, _, _, _)),
        memberchk(column(Name, Type, not_null, _), Columns),
        Type = int(_, _)
    ).

%% selection_aggregate(+Tuples, +Selections, +Db, +Item, -V)
%
%  The value of a counted_aggregate/3 Item: a COUNT is the number of selected tuples, a SUM
%  NULL when there is none (a path) or the sum of the selected tuples' values (another).
selection_aggregate(_, Selections, _, agg(count, _), N) :-
    sum(Selections, #=, N).
selection_aggregate(Tuples, Selections, Db, agg(sum, E), V) :-
    sum(Selections, #=, N),
    (   decided(N #= 0), V = null
    ;   decided(N #> 0),
        maplist(selected_value(E, Db), Tuples, Selections, Parts),
        sum(Parts, #=, V)
    ).

selected_value(E, Db, Tuple, Selected, Part) :-
    expr_value(E, Tuple, Db, X),
    Part #= Selected * X.

% --- Materialising initial rows ----------------------------------------------------------------

%% materialise(+Table, +Depth, +Db0, -Db, -Values)
%
%  A new initial row of Table: typed fresh values, keys distinct from the other initial rows,
%  foreign keys pointing at initial rows (materialised in turn, at most Depth levels), and every
%  negative constraint respected.
materialise(Table, Depth, Db0, Db, Values) :- materialise(Table, Depth, [], Db0, Db, Values).

materialise(Table, Depth, Compared, Db0, Db, Values) :-
    materialise(Table, Depth, Compared, []-[], Db0, Db, Values).

%% materialise(+Table, +Depth, +Compared, +Key-KeyValues, +Db0, -Db, -Values)
%
%  The same, with the columns Key holding KeyValues from the start: the initial row a written
%  key clashes with (unknown_keys/6), or that a foreign key refers to. Its foreign keys then
%  follow from its key (a sale row whose isbn is a known book's refers to that book) instead of
%  trying every row and a new one before the key is known. Integers that are already numbers
%  are the same term; other values are equal as SQL compares them.
materialise(Table, Depth, Compared, Key-KeyValues, Db0, Db, Values) :-
    schema_table(Db0, Table, table(_, Columns, Pk, Uniques, Fks, _)),
    maplist(fresh_value, Columns, Values),
    key_values(Columns, Key, Values, Given),
    maplist(given_equal, KeyValues, Given),
    checks_hold(Db0, Table, Values),
    Db0 = db(_, _, _, Ts0, _, _),
    table_rows(Ts0, Table, Rows0, _, _),
    initial_values(Rows0, Others),
    maplist(keys_distinct_from(Columns, Values, Others), [Pk|Uniques]),
    exclude(compared_deferred(Table, Columns, Compared), Fks, Fks1),
    foldl(initial_reference(Depth, Columns, Values), Fks1, Db0, Db1),
    Db1 = db(S, M, Id, Ts1, Ns0, Q),
    Id1 is Id + 1,
    table_rows(Ts1, Table, Rows1, Ts, Rows),
    append(Rows1, [row(Id, initial(Values), Values, alive)], Rows),
    maplist(negation_respected(Db1, Table, Values), Ns0, Ns),
    Db = db(S, M, Id1, Ts, Ns, Q).

given_equal(V, Fresh) :-
    (   plain_number(V), plain_number(Fresh) -> V = Fresh
    ;   value_equal(V, Fresh)
    ).

fresh_value(column(_, Type, Nullable, _), V) :-
    (   Nullable == not_null -> nonnull_value(Type, V)
    ;   Type = string(N) -> put_atts(V, string_bound(N))
    ;   true
    ).

nonnull_value(int(Min, Max), V) :- V in Min..Max.
nonnull_value(bool, V) :- V in 0..1.
nonnull_value(string(N), V) :- strings:shape(V), V = s(L, _), L #=< N.
nonnull_value(opaque, _).
nonnull_value(date, V) :- dates:day(V).
nonnull_value(timestamp, V) :- dates:value(V).
nonnull_value(time, V) :- dates:time_value(V).
nonnull_value(decimal(P, S), V) :- decimals:column_value(P, S, V).
nonnull_value(floating(Type), V) :- floating:value(Type, V).

%% shaped(+Type, ?V)
%
%  A value looked at: a nullable variable becomes null or a value of its type (a path each),
%  and the CHECKs that waited for it are made.
%
%  ?- db:shaped(int(0, 9), V).
%  V = null ; clpz:(V in 0..9).
shaped(Type, V) :-
    (   nonvar(V) -> true
    ;   Type = string(_) -> ( V = null ; nonnull_value(Type, V) )
    ;   fd_inf(V, inf) ->
        (   V = null
        ;   pending_checks_taken(V, Gs), nonnull_value(Type, V), maplist(call, Gs)
        )
    ;   true
    ).

%% tie_read(?V, :Goal)
%
%  Goal runs when the nullable value V, still open, is decided: looked at (shaped/2) or closed
%  at the path's end (closed_row/2). A getter's result that waits for V (jdbc.pl) is tied so.
%
%  ?- db:tie_read(V, R = got(V)), V = null.
%  V = null, R = got(null).
tie_read(V, Goal) :-
    (   callable(Goal) -> true ; type_error(callable, Goal, tie_read/2) ),
    pending_check(read_tied(Goal), V).

read_tied(Goal) :- call(Goal).

%% awaits_checks(?V)
%
%  Something other than a read waits for V: a CHECK or a key comparison (check_holds/4,
%  initial_keys_differ/3).
awaits_checks(V) :-
    var(V),
    get_atts(V, pending_checks(Gs)),
    member(G, Gs), G \= read_tied(_), !.

%% decided_nonnull(+Type, ?V)
%
%  V is not NULL: a value still open becomes a value of its Type, and what waited for it runs.
%
%  ?- db:decided_nonnull(int(0, 9), V).
%  clpz:(V in 0..9).
decided_nonnull(Type, V) :-
    (   unlooked(Type, V) ->
        pending_checks_taken(V, Gs), nonnull_value(Type, V), maplist(call, Gs)
    ;   V \== null
    ).

keys_distinct_from(_, _, _, []) :- !.
keys_distinct_from(Columns, Values, Others, Key) :-
    key_types_values(Columns, Key, Values, Types, Vs),
    maplist(key_values(Columns, Key), Others, OtherVs),
    maplist(initial_keys_differ(Types, Vs), OtherVs).

% A nullable key column of an initial row that nobody has looked at may be NULL, which UNIQUE
% allows: the comparison waits for it as a CHECK does (check_holds/4), instead of making a path
% with NULL and one without for each row.
initial_keys_differ(Types, Vs, Os) :-
    foldl(unlooked_added, Types, Vs, [], Open0),
    foldl(unlooked_added, Types, Os, Open0, Open),
    (   Open == [] -> keys_differ(Types, Vs, Os)
    ;   maplist(pending_check(initial_keys_differ(Types, Vs, Os)), Open)
    ).
unlooked_added(Type, V, Open0, Open) :-
    (   unlooked(Type, V), \+ ( member(O, Open0), O == V ) -> Open = [V|Open0] ; Open = Open0 ).

initial_reference(Depth, Columns, Values, fk(Cols, RefTable, RefCols), Db0, Db) :-
    key_types_values(Columns, Cols, Values, Types, Vs),
    maplist(shaped, Types, Vs),
    (   has_null(Vs) -> Db = Db0
    ;   Db0 = db(_, _, _, Ts, _, _),
        table_rows(Ts, RefTable, Rows, _, _),
        schema_table(Db0, RefTable, table(_, RefColumns, _, _, _, _)),
        (   member(row(_, initial(I), _, _), Rows),
            key_values(RefColumns, RefCols, I, RefVs),
            RefVs == Vs ->
            % A key given to the row (materialise/7) that is an initial row's own.
            Db = Db0
        ;   member(row(_, initial(I), _, _), Rows),
            key_values(RefColumns, RefCols, I, RefVs),
            maplist(reference_equal, Vs, RefVs),
            Db = Db0
        ;   Depth > 0,
            D1 is Depth - 1,
            materialise(RefTable, D1, [], RefCols-Vs, Db0, Db, I),
            key_values(RefColumns, RefCols, I, RefVs),
            maplist(reference_equal, Vs, RefVs)
        )
    ).

% The key and the referenced row's are one term, so that closed/2 finds the reference made.
reference_equal(V, RefV) :- value_equal(V, RefV), V = RefV.

condition_columns_of(A, T) --> { nonvar(T), T = col(A1, Name), A1 == A }, !, [Name].
condition_columns_of(A, T) -->
    { nonvar(T), compound(T), T \= col(_, _), !, T =.. [_|Args] }, condition_columns_of_(Args, A).
condition_columns_of(_, _) --> [].
condition_columns_of_([], _) --> [].
condition_columns_of_([T|Ts], A) --> condition_columns_of(A, T), condition_columns_of_(Ts, A).

% A foreign key of nullable columns to another table is not followed when its row is made:
% shaping the columns there would make a path where they are NULL and one where a referenced
% row is made, for a key the program may never read. The columns stay open (NULL unless
% something looks at them), and the referenced row is made when the path ends (closed/2), if
% they are not NULL by then. Rows materialised meanwhile respect the negative constraints, so
% the referenced row made late is one no statement of the path said was absent. A key into its
% own table is followed at once: the fixture inserts a table's rows in order, referenced first.
reference_deferred(Table, Columns, fk(Cols, RefTable, _)) :-
    RefTable \== Table,
    \+ ( member(C, Cols), memberchk(column(C, _, not_null, _), Columns) ).

compared_deferred(Table, Columns, Compared, Fk) :-
    reference_deferred(Table, Columns, Fk),
    Fk = fk(Cols, _, _),
    \+ ( member(C, Cols), memberchk(C, Compared) ).

%% closed(+Db0, -Db)
%
%  The path ends: every value still waiting is decided (NULL where allowed, closed_row/2), and
%  each initial row whose deferred foreign key (reference_deferred/3) is not NULL then points
%  at an initial row, a known one or one materialised now (whose own deferred keys are closed
%  in turn). A nullable column nobody looked at is NULL, as labelling would make it.
%
%  ?- S = schema([table(p,[column(id,int(0,9),not_null,none)],[id],[],[],[]),
%                 table(c,[column(id,int(0,9),not_null,none),column(p,int(0,9),null,none)],
%                       [id],[],[fk([p],p,[id])],[])]),
%     db:empty(S, Db0), db:execute(select([col(c,id)],[from(c,c)],true,[],all), [], _, Db0, Db1),
%     db:closed(Db1, Db), db:fixture(Db, F).
%  F = [p-[],c-[]] (first answer; the next ones have rows of c whose p is null, no row of p).
closed(Db0, Db) :-
    must_be_db(Db0),
    open_joins_decided(closed, Db0, Db1),
    references_closed(0, Db1, Db).

references_closed(FromId, Db0, Db) :-
    Db0 = db(Schema, _, NextId, Tables, _, _),
    schema_tables(Schema, Ts),
    maplist(closed_table(Ts), Tables),
    findall(T-Columns-Fk, ( member(table(T, Columns, _, _, Fks, _), Ts),
                             member(Fk, Fks), reference_deferred(T, Columns, Fk) ), Deferred0),
    % findall/3 copies; the rows' own variables must be the ones resolved.
    deferred_rows(Deferred0, Tables, FromId, Deferred),
    foldl(deferred_reference, Deferred, Db0, Db1),
    Db1 = db(_, _, NextId1, _, _, _),
    (   NextId1 =:= NextId -> Db = Db1 ; references_closed(NextId, Db1, Db) ).

deferred_rows([], _, _, []).
deferred_rows([T-Columns-Fk|Ds], Tables, FromId, Rows) :-
    memberchk(T-TableRows, Tables),
    foldl(deferred_row(Columns, Fk, FromId), TableRows, Rows, Rows1),
    deferred_rows(Ds, Tables, FromId, Rows1).

deferred_row(Columns, Fk, FromId, row(Id, Origin, _, _), Rows0, Rows) :-
    (   Id >= FromId, Origin = initial(Values) -> Rows0 = [Columns-Values-Fk|Rows]
    ;   Rows0 = Rows
    ).

deferred_reference(Columns-Values-Fk, Db0, Db) :-
    Fk = fk(Cols, RefTable, RefCols),
    key_types_values(Columns, Cols, Values, Types, Vs),
    maplist(unlooked_null, Types, Vs),
    Db0 = db(_, _, _, Ts, _, _),
    table_rows(Ts, RefTable, Rows, _, _),
    schema_table(Db0, RefTable, table(_, RefColumns, _, _, _, _)),
    (   member(row(_, initial(I), _, _), Rows),
        key_values(RefColumns, RefCols, I, RefVs),
        RefVs == Vs ->
        % Followed when the row was made (the statement compared the key), or already here.
        Db = Db0
    ;   initial_reference(1, Columns, Values, Fk, Db0, Db)
    ).

unlooked_null(Type, V) :- ( unlooked(Type, V) -> V = null ; true ).

% A later initial row of Table, with the rows each alias ranged over, never satisfies Cond.
negation_respected(Db, Table, Values, neg(Cond, Bs0), neg(Cond, Bs)) :-
    maplist(with_new_row(Table, Values), Bs0, Bs),
    maplist(binding_rows, Bs, Rowss),
    product(Rowss, Tuples),
    include(mentions(Values), Tuples, New),
    maplist(not_true(Db, Bs, Cond), New).

with_new_row(Table, Values, b(A, T, Rows0), b(A, T, Rows)) :-
    (   T == Table -> append(Rows0, [Values], Rows) ; Rows = Rows0 ).
binding_rows(b(_, _, Rows), Rows).
mentions(Values, Tuple) :- member(V, Tuple), V == Values, !.

not_true(Db, Bs, Cond, Tuple) :-
    maplist(binding_env, Bs, Tuple, Env),
    (   keys_apart(Cond, Env, Db) -> true ; not_selected(Cond, Env, Db) ).

%% keys_apart(+Cond, +Env, +Db)
%
%  Cond's top conjunction equates two integer columns whose values in Env (a tuple, Alias-row
%  entries) are already known to differ: a join's key and a foreign key that points at another
%  row, two keys of distinct rows. Cond is false on the tuple whatever else holds, which a
%  single failed equality shows; reifying the whole condition (strings compared code by code,
%  say) for each such tuple of a join made most of the cost of materialising a row.
%
%  ?- X in 0..9, Y in 0..9, X #\= Y,
%     db:keys_apart(cmp(eq, col(a, id), col(b, id)),
%         [e(a, t, row(0, none, [X], alive)), e(b, t, row(1, none, [Y], alive))],
%         db(schema([table(t, [column(id, int(0, 9), not_null, none)], [id], [], [], [])]),
%            2, 2, [], [], [])).
%  true.
keys_apart(Cond, Env, Db) :-
    conjunct(Cond, C),
    nonvar(C),
    C = cmp(eq, A, B),
    unshaped_integer(A, Env, Db, X),
    unshaped_integer(B, Env, Db, Y),
    \+ X #= Y,
    !.

% The value of column Name of Alias in Env, when it is an integer or a clpz variable already
% (a value looked at, or NOT NULL): reading it shapes nothing.
unshaped_integer(E, Env, Db, V) :-
    nonvar(E),
    (   E = looked_at(E1) -> unshaped_integer(E1, Env, Db, V)
    ;   E = col(Alias, Name),
        member(e(Alias1, Table, row(_, _, Values, _)), Env), Alias1 == Alias, !,
        schema_table(Db, Table, table(_, Columns, _, _, _, _)),
        column_type_value(Columns, Values, Name, int(_, _), V),
        (   integer(V) -> true ; fd_var(V) )
    ).
binding_env(b(Alias, Table, _), Values, e(Alias, Table, row(none, none, Values, alive))).

% --- Writes ------------------------------------------------------------------------------------

inserted_value(Db, column(Name, Type, _, Default), Name-Given, V) :-
    (   Given = default -> default_value(Default, Type, V)
    ;   Given == null -> V = null
    ;   expr_value(Given, [], Db, V0), stored(Type, V0, V)
    ).

% The value a column of Type keeps of a written value: a DATE keeps the day of an instant
% (H2 drops the time of a TIMESTAMP written there), a TIME the whole second of a time of day;
% other values are kept as they are.
stored(Type, V0, V) :-
    (   Type == date, ( integer(V0) ; var(V0), fd_inf(V0, Inf), Inf \== inf ) ->
        dates:day_start(V0, V)
    ;   Type == time, ( integer(V0) ; var(V0), fd_inf(V0, Inf), Inf \== inf ) ->
        dates:time_of_day(V0, T), dates:time_stored(T, V)
    ;   V = V0
    ).

default_value(lit(str(Cs)), _, V) :- !, strings:literal(Cs, V).
default_value(lit(V), _, V) :- !.
default_value(generated, Type, V) :- !, nonnull_value(Type, V).
default_value(identity, Type, V) :- !, nonnull_value(Type, V).

default_value(none, _, null).

% An identity column the insert gives no value takes the next value of its table's sequence.
identity_values([], [], [], _, Db, Db).
identity_values([C|Cs], [G|Gs], [V|Vs], Table, Db0, Db) :-
    identity_value(Table, C, G, V, Db0, Db1),
    identity_values(Cs, Gs, Vs, Table, Db1, Db).

identity_value(Table, column(_, _, _, Default), Given, V, Db0, Db) :-
    (   Default == identity, Given = _-default ->
        Db0 = db(S, M, Id, Ts, Ns, Q0),
        (   select(Table-seq(Start, Used), Q0, Q1) -> true
        ;   Start #>= 1, Used = 0, Q1 = Q0    % H2's identities start at 1 at the lowest
        ),
        V #= Start + Used,
        Used1 is Used + 1,
        Db = db(S, M, Id, Ts, Ns, [Table-seq(Start, Used1)|Q1])
    ;   Db = Db0
    ).

%% inserted_keys(+Db, +Table, -Labels, -Keys)
%
%  What getGeneratedKeys gives after an INSERT into Table succeeded: the columns H2 returns
%  (the identity column and those the database fills in, else the primary key) and their
%  values in the row just inserted.
%
%  ?- db:empty(schema([table(t,[column(id,int(0,9),not_null,identity)],[id],[],[],[])]), Db0),
%     db:execute(insert(t,[id-default]), [], _, Db0, Db), db:inserted_keys(Db, t, Ls, Ks).
%  Ls = [id], Ks = [[A]], clpz:(A in 1..9).
inserted_keys(Db, Table, Labels, [Keys]) :-
    schema_table(Db, Table, table(_, Columns, Pk, _, _, _)),
    findall(Name, ( member(column(Name, _, _, D), Columns), memberchk(D, [identity, generated]) ), Filled),
    (   Filled == [] -> Labels = Pk ; Labels = Filled ),
    Db = db(_, _, _, Ts, _, _),
    memberchk(Table-Rows, Ts),
    append(_, [row(_, inserted, Values, _)], Rows),
    maplist(named_value(Columns, Values), Labels, Keys).

named_value(Columns, Values, Name, V) :- column_type_value(Columns, Values, Name, _, V).

%% held_values(+Db, -Values)
%
%  A term holding every value of every row the tables hold (initial and current), as the path
%  left them: nothing is decided, unlike fixture/2 and final/2.
%
%  ?- db:empty(schema([]), Db), db:held_values(Db, Vs).
%  Vs = [].
held_values(db(_, _, _, Tables, _, _), Values) :-
    maplist(table_values, Tables, Values).
table_values(_-Rows, Values) :- maplist(row_held, Rows, Values).
row_held(row(_, Origin, Current, _), Origin-Current).

%% sequence_starts(+Db, -Starts)
%
%  seq(Table, Start) for each table whose identity gave a value on the path: where the test
%  restarts it.
%
%  ?- db:empty(schema([]), Db), db:sequence_starts(Db, Starts).
%  Starts = [].
sequence_starts(db(_, _, _, _, _, Sequences), Starts) :-
    exclude(is_open_join, Sequences, Used),
    maplist(sequence_start, Used, Starts).
sequence_start(Table-seq(Start, _), seq(Table, Start)).

%% shown(+Db, +Written, -Absent, -Tables)
%
%  What `hornet summaries` shows of a path's database beyond its fixture and final rows.
%  Absent holds absent(Cond, Bindings) per negative constraint, Bindings b(Alias, Table, Known)
%  with Known the number of rows the alias already ranged over (the initial database has no
%  other tuple satisfying Cond). Tables holds table(Name, Rows) per written table Name, each
%  row row(Origin, Status, Values) in order: Origin initial(N) for the fixture's N-th row of
%  the table (from 1) or inserted, Status alive or deleted.
%
%  ?- db:empty(schema([table(t,[column(a,int(0,9),not_null,none)],[a],[],[],[])]), Db),
%     db:shown(Db, [t], A, T).
%  A = [], T = [table(t,[])].
shown(db(_, _, _, Tables, Negs, _), Written, Absent, Shown) :-
    must_be(list, Written),
    maplist(absence, Negs, Absent),
    maplist(written_rows(Tables), Written, Shown).

absence(neg(Cond, Bindings), absent(Cond, Known)) :- maplist(binding_known, Bindings, Known).
binding_known(b(Alias, Table, Rows), b(Alias, Table, N)) :- length(Rows, N).

written_rows(Tables, Table, table(Table, Shown)) :-
    (   memberchk(Table-Rows, Tables) -> true ; Rows = [] ),
    origins(Rows, 1, Shown).

origins([], _, []).
origins([row(_, Origin0, Values, Status)|Rs], N, [row(Origin, Status, Values)|Ss]) :-
    (   Origin0 = initial(_) -> Origin = initial(N), N1 is N + 1 ; Origin = inserted, N1 = N ),
    origins(Rs, N1, Ss).

updated_row(Db, Table, Alias, Assignments, [Entry], row(Id, O, Vs, S)) :-
    Entry = e(Alias, Table, row(Id, O, Vs0, S)),
    schema_table(Db, Table, table(_, Columns, _, _, _, _)),
    maplist(assigned_value(Db, Entry, Assignments), Columns, Vs0, Vs).

assigned_value(Db, Binding, Assignments, column(Name, Type, _, _), V0, V) :-
    (   member(Name-E, Assignments) -> expr_value(E, [Binding], Db, V1), stored(Type, V1, V) ; V = V0 ).

updated_in(Updated, row(Id, _, _, _)) :- memberchk(row(Id, _, _, _), Updated).

%% write_checks(+Table, +Written, +Others, +Assigned, +Db0, -Db, -Outcome)
%
%  The rows Written (value lists) are about to be stored next to Others: NOT NULL, lengths and
%  integer ranges, then the CHECK constraints, then the keys touching an Assigned column
%  (distinct from every other row, known or not), then foreign keys. Outcome is ok, or
%  exc('java.sql.SQLException'(Violation)) on a branch where one of them fails.
write_checks(Table, Written, Others, Assigned, Db0, Db, Outcome) :-
    schema_table(Db0, Table, table(_, Columns, Pk, Uniques, Fks, _)),
    typing(Columns, Written, TypeOutcome0),
    (   TypeOutcome0 == ok -> checked(Written, Table, Assigned, Db0, TypeOutcome)
    ;   TypeOutcome = TypeOutcome0
    ),
    (   TypeOutcome \== ok -> Db = Db0, Outcome = TypeOutcome
    ;   include(touches(Assigned), [Pk|Uniques], Keys),
        keys_checked(Keys, Table, Columns, Written, Others, Db0, Db1, KeyOutcome),
        (   KeyOutcome == ok ->
            include(touches(Assigned), Fks, TouchedFks),
            references_checked(TouchedFks, Columns, Written, Db1, Db, Outcome)
        ;   Db = Db1, Outcome = KeyOutcome
        )
    ).

%% checked(+Written, +Table, +Assigned, +Db, -Outcome)
%
%  The first CHECK constraint (in row, then constraint order) that is false (not unknown: SQL
%  lets NULL pass) on a written row makes the write fail; a path where none is false is a
%  branch too. Only the constraints over an Assigned column are evaluated: the others held on
%  the row before the write (every stored row passes them all) and still do. Evaluating them
%  again would also leave the path with two reifications of one condition that clpz cannot
%  tell are the same, an infeasible failure branch that only labelling could refute.
%  checks_hold/3 is the same for a materialised initial row, which must pass them all (it
%  comes from a valid database).
checked([], _, _, _, ok).
checked([Vs|Vss], Table, Assigned, Db, Outcome) :-
    schema_table(Db, Table, table(_, _, _, _, _, Checks0)),
    include(mentions_any(Assigned), Checks0, Checks),
    row_checked(Checks, Table, Vs, Db, Outcome0),
    (   Outcome0 == ok -> checked(Vss, Table, Assigned, Db, Outcome) ; Outcome = Outcome0 ).

mentions_any(Columns, Term) :-
    (   Term = col(_, C), atom(C) -> memberchk(C, Columns)
    ;   compound(Term), Term =.. [_|Args], member(Arg, Args), mentions_any(Columns, Arg) -> true
    ).

row_checked([], _, _, _, ok).
row_checked([Check|Checks], Table, Vs, Db, Outcome) :-
    truth(Check, [e(Table, Table, row(none, none, Vs, alive))], Db, T),
    (   decided(T #= 0), Outcome = exc('java.sql.SQLException'(check))
    ;   decided(T #> 0), row_checked(Checks, Table, Vs, Db, Outcome)
    ).

checks_hold(Db, Table, Vs) :-
    schema_table(Db, Table, table(_, _, _, _, _, Checks)),
    maplist(check_holds(Db, Table, Vs), Checks).

% A CHECK on nullable values nobody has looked at waits for them when it holds with them all
% NULL: asking now would make a path with NULL and one without for each, a row the program may
% never read. The check is made when one of them is looked at (shaped/2), or when the path ends
% with them open (closed_row/3: NULL if that passes, else a value).
check_holds(Db, Table, Vs, Check) :-
    schema_table(Db, Table, table(_, Columns, _, _, _, _)),
    unlooked_values(Check, Columns, Vs, Open),
    Db = db(Schema, _, _, _, _, _),
    (   Open \== [], \+ \+ ( maplist(=(null), Open), check_passes(Db, Table, Vs, Check) ) ->
        maplist(pending_check(check_holds(db(Schema, _, _, _, _, _), Table, Vs, Check)), Open)
    ;   Open == [], unread_codes(Check, Columns, Vs, Unread), Unread \== [] ->
        % An IN-list of strings (an ENUM) over codes nobody has read would compare them all
        % now, on every row a join materialises: it waits until they are read (verify_attributes/3)
        % or the path ends (closed_row/2), and is made once.
        Pending = compared_once(_, check_passes(db(Schema, _, _, _, _, _), Table, Vs, Check)),
        maplist(pending_check(Pending), Unread)
    ;   check_passes(Db, Table, Vs, Check)
    ).

% LIKE is not a branch here (reified): a row needs no path per way it passes its CHECKs.
check_passes(Db, Table, Vs, Check) :-
    Env = [e(Table, Table, row(none, none, Vs, alive)), reified],
    (   integers_in(Check, Env, Db, V, Domain) -> decided(V in Domain)
    ;   strings_in(Check, Env, Db, V, Strings) -> string_among(Strings, V)
    ;   phrase(literal_bounds(Check, Env, Db), Bounds) -> maplist(decided, Bounds)
    ;   truth(Check, Env, Db, T),
        decided(T #> 0)
    ).

%% literal_bounds(+Check, +Env, +Db)//
%
%  The comparisons of a CHECK that only compares integer columns whose values are numbers (not
%  NULL) with integer literals (`age BETWEEN 18 AND 120`, `balance >= 2000`), each a clpz goal:
%  posted as they are, they bound the values at once. Reified (truth/4), each check of each
%  row kept a network of reifications and min/max in the store, which every later choice of
%  the path propagated again (some 5000 inferences per row and check) and every case copied.
%
%  ?- V in 0..200, db:literal_bounds(between(col(t, a), int(18), int(120)),
%         [e(t, t, row(none, none, [V], alive))],
%         db(schema([table(t, [column(a, int(0, 200), not_null, none)], [a], [], [], [])]), 2, 0, [], [], []),
%         Gs, []).
%  Gs = [V#>=18, V#=<120].
literal_bounds(and(A, B), Env, Db) --> !, literal_bounds(A, Env, Db), literal_bounds(B, Env, Db).
literal_bounds(between(E, L, H), Env, Db) --> !,
    literal_bounds(and(cmp(ge, E, L), cmp(le, E, H)), Env, Db).
literal_bounds(cmp(Op, A, B), Env, Db) -->
    {   integer_operand(A, Env, Db, VA),
        integer_operand(B, Env, Db, VB),
        ( integer(VA) ; integer(VB) ),
        comparison_goal(Op, VA, VB, Goal)
    },
    [Goal].

integer_operand(int(I), _, _, I) :- integer(I).
integer_operand(col(Alias, Name), Env, Db, V) :-
    memberchk(e(Alias, Table, row(_, _, Values, _)), Env),
    schema_table(Db, Table, table(_, Columns, _, _, _, _)),
    column_type_value(Columns, Values, Name, int(_, _), V),
    (   integer(V) -> true ; var(V), fd_inf(V, Low), Low \== inf ).

comparison_goal(eq, A, B, A #= B).
comparison_goal(ne, A, B, A #\= B).
comparison_goal(lt, A, B, A #< B).
comparison_goal(le, A, B, A #=< B).
comparison_goal(gt, A, B, A #> B).
comparison_goal(ge, A, B, A #>= B).

% `c IN (10, 15, 30)` on a non-null number holds exactly when the number is in that domain:
% posted as the domain, it bounds the value at once, where the reified disjunction (a max of
% comparisons) tells clpz nothing until labelling tries values one by one.
integers_in(in(col(Alias, Name), Items), Env, Db, V, Domain) :-
    maplist(integer_item, Items, [N|Ns]),
    expr_value(col(Alias, Name), Env, Db, V),
    (   integer(V) -> true ; var(V), fd_inf(V, Low), Low \== inf ),
    foldl(domain_union, Ns, N, Domain).

integer_item(int(N), N) :- integer(N).

domain_union(N, D, D \/ N).

% `c IN ('F', 'M')` (an ENUM) on a string that is not NULL: each listed string the value may
% still be is tried by propagation first. None refutes the row at once, one is the value; with
% two or more, the string is one of them (one_of_texts/3). A reified disjunction over the codes
% alone is refuted only by labelling every code: a string the path constrains through Java's
% trim() and toLowerCase() to be neither made a search of millions of inferences.
strings_in(in(col(Alias, Name), Items), Env, Db, V, Strings) :-
    maplist(string_item, Items, Strings),
    Strings = [_|_],
    expr_value(col(Alias, Name), Env, Db, V),
    nonvar(V),
    V = s(_, _).

string_item(str(Cs), S) :- strings:literal(Cs, S).

string_among(Strings, V) :-
    possible_strings(V, Strings, Possible),
    (   Possible = [S] -> V = S
    ;   Possible = [_, _|_],
        V = s(Len, Codes),
        maplist(text_length, Possible, [L|Ls]),
        foldl(domain_union, Ls, L, Lengths),
        decided(Len in Lengths),
        % Codes nobody has read stay unread (a join's rows are not compared code by code
        % until something reads them); the table waits for them.
        (   nonvar(Codes) -> decided(one_of_texts(Possible, Len, Codes))
        ;   freeze(Codes, db:one_of_texts(Possible, Len, Codes))
        )
    ).

text_length(s(L, _), L).

%% one_of_texts(+Texts, ?Len, +Codes)
%
%  The string s(Len, Codes) is one of the Texts (literals, each of which it may be): its length
%  and its first codes, as many as the longest text has (padding zeros past the end of the
%  others), are a row of the table of the texts' ones (tuples_in/2). The reified disjunction
%  of code equalities it replaces told clpz nothing until a length or code was labelled, and
%  labelling 'open' of CHECK (status IN ('open', 'closed')) tried every shorter length through
%  it (some 200000 inferences per row); here a length or code that leaves one text fixes the
%  others at once. The table's residual goals carry an attribute of clpz's own, which a case
%  clause cannot post again: residual_goals/2 drops it.
%
%  ?- strings:literal("ab", A), strings:literal("c", B), length(Cs, 16), Cs ins 0..126,
%     db:one_of_texts([A, B], L, Cs), L = 1, Cs = [C1, C2|_].
%  C1 = 99, C2 = 0 (and the other codes as before: a string's padding zeros them).
one_of_texts(Texts, Len, Codes) :-
    foldl(longer_text, Texts, 0, Longest),
    first_codes(Longest, Codes, Prefix),
    maplist(text_row(Longest), Texts, Rows),
    (   ground(Prefix) -> memberchk([Len|Prefix], Rows)
    ;   tuples_in([[Len|Prefix]], Rows)
    ).

longer_text(s(L, _), M0, M) :- M is max(L, M0).

text_row(Longest, s(L, Codes), [L|Prefix]) :- first_codes(Longest, Codes, Prefix).

%% residual_goals(+Goals0, -Goals)
%
%  The goals copy_term/3 gives for a path's constraints, as a clause posts them again: without
%  the attribute clpz keeps on a variable of its own for a table constraint (one_of_texts/3),
%  whose residual goal tuples_in/2 holds the relation already; posted as a goal, it names a
%  predicate that only clpz has.
%
%  ?- L in 0..9, C in 0..99, db:one_of_texts([s(1, [97]), s(1, [98])], L, [C]),
%     copy_term(L-C, _, Gs0), db:residual_goals(Gs0, Gs), member(G, Gs), G = clpz:put_atts(_, _).
%  false.
residual_goals(Goals0, Goals) :- exclude(relation_attribute, Goals0, Goals).

relation_attribute(Goal) :- nonvar(Goal), Goal = clpz:put_atts(_, clpz_relation(_)).

% The first N codes, zeros past the end (padding).
first_codes(N, Codes, Prefix) :-
    length(Prefix, N),
    (   append(Prefix, _, Codes) -> true
    ;   append(Codes, Zeros, Prefix), maplist(=(0), Zeros)
    ).

% The Strings that V may still be, as far as propagation tells within 200000 inferences each
% (past them, it may be).
possible_strings(V, Strings, Possible) :-
    include(may_be(V), Strings, Possible).

may_be(V, S) :-
    \+ \+ call_with_inference_limit(V = S, 200000, _).

% The values of the columns Cond names that are nullable and not looked at yet.
unlooked_values(Cond, Columns, Vs, Open) :-
    phrase(condition_columns(Cond), Names0),
    sort(Names0, Names),
    foldl(unlooked_value(Columns, Vs), Names, [], Open).
unlooked_value(Columns, Vs, Name, Open0, Open) :-
    column_type_value(Columns, Vs, Name, Type, V),
    unlooked_added(Type, V, Open0, Open).

% The unread codes of the strings Cond names (strings:codes/2 binds them when read).
unread_codes(Cond, Columns, Vs, Unread) :-
    phrase(condition_columns(Cond), Names0),
    sort(Names0, Names),
    foldl(unread_codes_added(Columns, Vs), Names, [], Unread).
unread_codes_added(Columns, Vs, Name, Unread0, Unread) :-
    column_type_value(Columns, Vs, Name, _, V),
    (   nonvar(V), V = s(_, Codes), var(Codes), \+ ( member(U, Unread0), U == Codes ) ->
        Unread = [Codes|Unread0]
    ;   Unread = Unread0
    ).

unlooked(Type, V) :-
    var(V),
    (   Type = string(_) -> true
    ;   Type = opaque -> false
    ;   fd_inf(V, inf)
    ).

condition_columns(col(_, Name)) --> !, [Name].
condition_columns(T) --> { compound(T), !, T =.. [_|Args] }, condition_columns_(Args).
condition_columns(_) --> [].
condition_columns_([]) --> [].
condition_columns_([A|As]) --> condition_columns(A), condition_columns_(As).

% --- Checks waiting for a value -----------------------------------------------------------------

pending_check(Goal, V) :-
    (   get_atts(V, pending_checks(Gs)) -> true ; Gs = [] ),
    put_atts(V, pending_checks([Goal|Gs])).

% Taking them off before the value is decided, so that deciding it does not run them twice.
pending_checks_taken(V, Gs) :-
    (   var(V), get_atts(V, pending_checks(Gs)) -> put_atts(V, -pending_checks(_)) ; Gs = [] ).

% Binding the value (to NULL, or to a string's shape) runs its checks. Binding unread codes
% (column_differs/4) runs their comparisons; aliasing them to other unread codes runs those
% with these codes and hands the rest on.
verify_attributes(V, Value, Goals) :-
    (   get_atts(V, pending_checks(Checks)) -> true ; Checks = [] ),
    (   get_atts(V, unread_differences(Ds)) -> differences_woken(Ds, Value, Compares)
    ;   Compares = []
    ),
    (   get_atts(V, string_bound(N)) -> bound_kept(N, Value, Bounds) ; Bounds = [] ),
    (   get_atts(V, open_join(Decision, Nullable)) ->
        Joins = [db:open_join_looked_at(Decision, Nullable, Value)]
    ;   Joins = []
    ),
    append([Checks, Compares, Bounds, Joins], Goals).

% A string shaped anywhere (strings:shape/1 in Java code, say) keeps its column's length bound;
% two open values made one keep the tighter bound.
bound_kept(N, Value, Goals) :-
    (   var(Value) ->
        Goals = [],
        (   get_atts(Value, string_bound(M)) -> B is min(N, M) ; B = N ),
        put_atts(Value, string_bound(B))
    ;   Value = s(L, _) -> Goals = [clpz:(L #=< N)]
    ;   Goals = []
    ).

% closed_row/3 decides every waiting value before a path's clause is written; a comparison of
% unread codes may still wait, and the clause carries it as a goal that makes it wait again.
attribute_goals(V) -->
    { put_atts(V, -pending_checks(_)), put_atts(V, -string_bound(_)), put_atts(V, -offset_of(_, _)),
      put_atts(V, -equalities(_)), put_atts(V, -scaled_product(_, _, _)),
      put_atts(V, -like_results(_)), put_atts(V, -open_join(_, _)) },
    (   { get_atts(V, unread_differences(Ds)) } ->
        { put_atts(V, -unread_differences(_)) },
        differences_goals(Ds, V)
    ;   []
    ).

differences_goals([], _) --> [].
differences_goals([difference(Other, Done, Compare)|Ds], Codes) -->
    (   { Done == done } -> []
    ;   % Path clauses are loaded into user, where only a called goal can name module db.
        [call(db:unread_difference(Codes, Other, Done, Compare))]
    ),
    differences_goals(Ds, Codes).

% --- Comparisons waiting for a string's codes ---------------------------------------------------

%% unread_difference(?Codes, ?Other, ?Done, :Compare)
%
%  Codes that nobody has read, compared with Other's (Compare, run once: Done) when either is
%  read or they become one. Path clauses call it in their residual goals.
%
%  ?- db:unread_difference(Cs, Os, Done, B = 1), Cs = Os.
%  Cs = Os, Done = done, B = 1.
unread_difference(Codes, Other, Done, Compare) :-
    (   get_atts(Codes, unread_differences(Ds)) -> true ; Ds = [] ),
    put_atts(Codes, unread_differences([difference(Other, Done, Compare)|Ds])).

differences_woken(Ds, Value, Goals) :-
    (   nonvar(Value) -> Woken = Ds, Kept = []
    ;   include(compared_with(Value), Ds, Woken), exclude(compared_with(Value), Ds, Kept)
    ),
    maplist(woken_goal, Woken, Goals),
    (   Kept == [] -> true
    ;   get_atts(Value, unread_differences(Others)) ->
        append(Kept, Others, All), put_atts(Value, unread_differences(All))
    ;   put_atts(Value, unread_differences(Kept))
    ).

compared_with(Value, difference(Other, _, _)) :- Other == Value.

woken_goal(difference(_, Done, Compare), db:compared_once(Done, Compare)).

% Both strings' codes carry the comparison; whichever wakes first makes it.
compared_once(Done, Compare) :-
    (   Done == done -> true ; Done = done, call(Compare) ).

% A materialised row whose waiting values nobody looked at: NULL, if the checks pass so (as
% they did when the row was made, unless the path has since bounded other columns), else a
% value of the column's type.
% A CHECK waiting for a string's codes is made last: deciding a value may leave one.
closed_row(Columns, Vs) :-
    maplist(closed_value, Columns, Vs),
    maplist(closed_codes, Vs).
closed_codes(V) :-
    (   nonvar(V), V = s(_, Codes), var(Codes) ->
        pending_checks_taken(Codes, Gs), maplist(call, Gs)
    ;   true
    ).
closed_value(column(_, Type, _, _), V) :-
    (   var(V), get_atts(V, pending_checks(_)) ->
        (   unlooked(Type, V), \+ \+ V = null -> V = null
        ;   pending_checks_taken(V, Gs),
            ( unlooked(Type, V) -> nonnull_value(Type, V) ; true ),
            maplist(call, Gs)
        )
    ;   true
    ).

touches(Assigned, Key) :-
    (   Key = fk(Cols, _, _) -> true ; Cols = Key ),
    member(C, Cols), memberchk(C, Assigned), !.

% The first column value (in row and column order) that breaks NOT NULL or its length makes
% the write fail; a path where none does is a branch too.
typing(_, [], ok).
typing(Columns, [Vs|Vss], Outcome) :-
    row_typing(Columns, Vs, Outcome0),
    (   Outcome0 == ok -> typing(Columns, Vss, Outcome) ; Outcome = Outcome0 ).

row_typing([], [], ok).
row_typing([column(_, Type, Nullable, _)|Cs], [V|Vs], Outcome) :-
    (   Type = string(N), var(V), \+ ( get_atts(V, string_bound(M)), M =< N ) ->
        % A string nobody has shaped (a Java input, say) may be longer than the column allows
        % (H2's "value too long", 22001), or fit: then it keeps the column's bound, however it
        % is shaped later.
        (   strings:shape(V), V = s(L, _), L #> N, Outcome = exc('java.sql.SQLException'(too_long))
        ;   bound_kept(N, V, []),
            row_typing_value([column(_, Type, Nullable, _)|Cs], [V|Vs], Outcome)
        )
    ;   row_typing_value([column(_, Type, Nullable, _)|Cs], [V|Vs], Outcome)
    ).

row_typing_value([column(_, Type, Nullable, _)|Cs], [V|Vs], Outcome) :-
    % A nullable value nobody looked at stays open: NULL is allowed, and shaping bounds it. An
    % opaque value nobody looked at is one the column allows (fresh_value/2).
    (   var(V), ( Nullable == null ; Type == opaque ) -> true ; shaped(Type, V) ),
    (   Type = int(Min, Max), \+ within(Min, Max, V) ->
        % SQL arithmetic went out of the column's range: H2 raises "value out of range", with
        % state 22003 when the arithmetic itself overflows, 22004 when the column's type is
        % narrower: the class alone says no more than the model knows.
        (   decided(V #< Min #\/ V #> Max), Outcome = exc('java.sql.SQLException')
        ;   decided(V in Min..Max), row_typing(Cs, Vs, Outcome)
        )
    ;   Type = decimal(P, S), V \== null, \+ ( var(V), fd_inf(V, inf) ) ->
        % A number written: H2 refuses one too large, and rounds one of more places.
        decimals:stored(P, S, V, Outcome0),
        (   Outcome0 == ok -> row_typing(Cs, Vs, Outcome) ; Outcome = Outcome0 )
    ;   var(V) -> row_typing(Cs, Vs, Outcome)
    ;   V == null, Nullable == not_null -> Outcome = exc('java.sql.SQLException'(not_null))
    ;   Type = string(N), V = s(L, _) ->
        (   L #> N, Outcome = exc('java.sql.SQLException'(too_long))
        ;   L #=< N, row_typing(Cs, Vs, Outcome)
        )
    ;   row_typing(Cs, Vs, Outcome)
    ).

% V is NULL, a value nobody looked at, or an integer known to be in Min..Max.
within(Min, Max, V) :-
    (   V == null -> true
    ;   integer(V) -> V >= Min, V =< Max
    ;   fd_inf(V, Lo), fd_sup(V, Hi),
        (   Lo == inf, Hi == sup -> true
        ;   integer(Lo), integer(Hi), Lo >= Min, Hi =< Max
        )
    ).

%% keys_checked(+Keys, +Table, +Columns, +Written, +Others, +Db0, -Db, -Outcome)
%
%  Each key of each written row against the other rows (the first clash fails the write), then
%  against the initial rows not materialised yet: one of them may hold the key (it is
%  materialised, and the write fails), or none does (a negative constraint).
keys_checked(Keys, Table, Columns, Written, Others, Db0, Db, Outcome) :-
    key_pairs(Keys, Written, Others, Pairs),
    (   clash(Pairs, Columns), Db = Db0, Outcome = exc('java.sql.SQLException'(unique))
    ;   maplist(pair_differs(Columns), Pairs),
        key_rows(Keys, Written, KeyRows),
        unknown_keys(KeyRows, Table, Columns, Db0, Db, Outcome)
    ).

key_pairs([], _, _, []).
key_pairs([K|Ks], Written, Others, Pairs) :-
    written_pairs(Written, K, Others, P1),
    key_pairs(Ks, Written, Others, P2),
    append(P1, P2, Pairs).
written_pairs([], _, _, []).
written_pairs([W|Ws], K, Others, Pairs) :-
    append(Ws, Others, Rest),
    pairs_with(Rest, K, W, P1),
    written_pairs(Ws, K, Others, P2),
    append(P1, P2, Pairs).
pairs_with([], _, _, []).
pairs_with([O|Os], K, W, [K-W-O|Ps]) :- pairs_with(Os, K, W, Ps).

key_rows([], _, []).
key_rows([K|Ks], Written, KeyRows) :-
    pairs_with(Written, K, x, P1),
    key_rows(Ks, Written, P2),
    append(P1, P2, KeyRows).

% The first pair (in order) whose keys are equal; the ones before it differ.
clash([K-W-O|Ps], Columns) :-
    key_types_values(Columns, K, W, Types, Vs),
    key_values(Columns, K, O, Os),
    (   keys_equal(Types, Vs, Os)
    ;   keys_differ(Types, Vs, Os), clash(Ps, Columns)
    ).

pair_differs(Columns, K-W-O) :-
    key_types_values(Columns, K, W, Types, Vs),
    key_values(Columns, K, O, Os),
    keys_differ(Types, Vs, Os).

unknown_keys([], _, _, Db, Db, ok).
unknown_keys([K-x-W|KWs], Table, Columns, Db0, Db, Outcome) :-
    key_types_values(Columns, K, W, Types, Vs),
    (   has_null(Vs) -> unknown_keys(KWs, Table, Columns, Db0, Db, Outcome)
    ;   materialise(Table, 1, [], K-Vs, Db0, Db, Initial),
        key_values(Columns, K, Initial, Is),
        keys_equal(Types, Vs, Is),
        Outcome = exc('java.sql.SQLException'(unique))
    ;   key_condition(K, Vs, Cond),
        Db0 = db(S, M, Id, Ts, Ns, Q),
        Db1 = db(S, M, Id, Ts, [neg(Cond, [b(k, Table, [])])|Ns], Q),
        unknown_keys(KWs, Table, Columns, Db1, Db, Outcome)
    ).

key_condition([C], [V], cmp(eq, col(k, C), val(V))) :- !.
key_condition([C|Cs], [V|Vs], and(cmp(eq, col(k, C), val(V)), Rest)) :- key_condition(Cs, Vs, Rest).

%% references_checked(+Fks, +Columns, +Written, +Db0, -Db, -Outcome)
%
%  Each non-null foreign key of a written row names an alive row: a known one, or an initial
%  one materialised now; or no row has it (a negative constraint) and the write fails.
references_checked([], _, _, Db, Db, ok).
references_checked([Fk|Fks], Columns, Written, Db0, Db, Outcome) :-
    written_references(Written, Fk, Columns, Db0, Db1, Outcome0),
    (   Outcome0 == ok -> references_checked(Fks, Columns, Written, Db1, Db, Outcome)
    ;   Db = Db1, Outcome = Outcome0
    ).

written_references([], _, _, Db, Db, ok).
written_references([W|Ws], Fk, Columns, Db0, Db, Outcome) :-
    Fk = fk(Cols, RefTable, RefCols),
    key_types_values(Columns, Cols, W, Types, Vs),
    maplist(shaped, Types, Vs),
    (   has_null(Vs) -> written_references(Ws, Fk, Columns, Db0, Db, Outcome)
    ;   schema_table(Db0, RefTable, table(_, RefColumns, _, _, _, _)),
        alive_rows(Db0, RefTable, Rows),
        (   member(row(_, _, R, _), Rows),
            key_values(RefColumns, RefCols, R, Rs),
            Rs == Vs ->
            % The key was read from that row (`INSERT INTO sale VALUES (?, ...)` with the isbn
            % a SELECT of book gave): it is the row referenced. Any other row, or a new one,
            % with an equal key would only be refuted after being made, a key at a time.
            written_references(Ws, Fk, Columns, Db0, Db, Outcome)
        ;   member(row(_, _, R, _), Rows),
            key_values(RefColumns, RefCols, R, Rs),
            maplist(value_equal, Vs, Rs),
            written_references(Ws, Fk, Columns, Db0, Db, Outcome)
        ;   materialise(RefTable, 1, [], RefCols-Vs, Db0, Db1, R),
            key_values(RefColumns, RefCols, R, Rs),
            maplist(value_equal, Vs, Rs),
            written_references(Ws, Fk, Columns, Db1, Db, Outcome)
        ;   maplist(differs_from_row(RefColumns, RefCols, Types, Vs), Rows),
            key_condition(RefCols, Vs, Cond),
            Db0 = db(S, M, Id, Ts, Ns, Q),
            Db = db(S, M, Id, Ts, [neg(Cond, [b(k, RefTable, [])])|Ns], Q),
            Outcome = exc('java.sql.SQLException'(foreign_key))
        )
    ).

differs_from_row(RefColumns, RefCols, Types, Vs, row(_, _, R, _)) :-
    key_values(RefColumns, RefCols, R, Rs),
    keys_differ(Types, Vs, Rs).

% --- Keys and values ---------------------------------------------------------------------------

key_types_values(Columns, Key, Values, Types, Vs) :-
    maplist(column_type_value(Columns, Values), Key, Types, Vs).
column_type_value(Columns, Values, Name, Type, V) :-
    nth0(I, Columns, column(Name, Type, _, _)), !,
    nth0(I, Values, V).

key_values(Columns, Key, Values, Vs) :- key_types_values(Columns, Key, Values, _, Vs).

% Keys differ when some column differs or is NULL (UNIQUE lets NULLs repeat). Two keys of one
% integer column whose values are numbers already (NOT NULL, or looked at) differ as `V #\= O`,
% which is what the reification comes to, at a tenth of its cost per pair of rows (a new row's
% key against every row of its table); the equality is recorded false (equal_numbers/3) for a
% statement that compares them later.
keys_differ(Types, Vs, Os) :-
    (   Types = [int(_, _)], Vs = [V], Os = [O], plain_number(V), plain_number(O),
        \+ jvm:one_base(V, O, _, _) ->
        numbers_differ(V, O)
    ;   maplist(column_differs, Types, Vs, Os, Bs),
        decided(sum(Bs, #>=, 1))
    ).

plain_number(V) :- ( integer(V) -> true ; var(V), fd_inf(V, Low), Low \== inf ).

numbers_differ(V, O) :-
    (   var(V), var(O), ( recorded_equality(V, O, E) ; recorded_equality(O, V, E) ) ->
        decided(E #= 0)
    ;   decided(V #\= O),
        (   var(V), var(O) ->
            ( get_atts(V, equalities(Es)) -> true ; Es = [] ),
            put_atts(V, equalities([O-0|Es]))
        ;   true
        )
    ).
column_differs(Type, V, O, B) :-
    shaped(Type, V), shaped(Type, O),
    (   ( V == null ; O == null ) -> B = 1
    ;   is_string(V), is_string(O), V = s(_, CodesV), O = s(_, CodesO),
        var(CodesV), var(CodesO) ->
        % No one has read these strings' characters: they are compared when someone does
        % (labelling at the latest), or when the path makes them one string (a foreign key
        % pointing both rows at one referenced row). Distinct fixture keys then cost nothing
        % during the search.
        B in 0..1,
        Compare = ( equality(V, O, E), B #= 1 - E ),
        unread_difference(CodesV, CodesO, Done, Compare),
        unread_difference(CodesO, CodesV, Done, Compare)
    ;   equality(V, O, E), B #= 1 - E
    ).

keys_equal(Types, Vs, Os) :-
    maplist(shaped, Types, Vs), maplist(shaped, Types, Os),
    maplist(value_equal, Vs, Os).

value_equal(V, O) :-
    V \== null, O \== null,
    % Strings are canonical (padded codes) but for the length of their padding, so equal
    % strings padded alike are one term.
    (   is_string(V), \+ padded_differently(V, O) -> decided(V = O)
    ;   equality(V, O, E), decided(E #= 1)
    ).

padded_differently(s(_, CodesV), s(_, CodesO)) :-
    nonvar(CodesV), nonvar(CodesO),
    length(CodesV, N), length(CodesO, M),
    N =\= M.

is_string(V) :- nonvar(V), V = s(_, _).
has_null(Vs) :- member(V, Vs), V == null, !.

% E is 1 when the two non-null values are equal, else 0.
equality(V, O, E) :-
    (   ( is_string(V) ; is_string(O) ) ->
        strings:shape(V), strings:shape(O), V \== null, O \== null,
        string_equality(V, O, E)
    ;   equal_numbers(V, O, E)
    ).

%% string_equality(+V, +O, -E)
%
%  E is 1 when the non-null strings V and O are equal, else 0. While the codes of one of them
%  are unread, no code is compared: E = 1 makes them one string, and the comparison code by
%  code (strings:equal/3) waits until someone reads the codes (labelling at the latest) or the
%  path makes them one string, which refutes E = 0 at once. A WHERE `email = ?` over each
%  candidate row of a UNIQUE column then costs a unification per row, not 16 reified code
%  equalities whose propagation refutes two rows with one email only after a long search.
%
%  ?- strings:shape(V), strings:shape(O), V = s(_, _), O = s(_, _),
%     db:string_equality(V, O, E), E = 1, V == O.
%  true.
string_equality(V, O, E) :-
    V = s(_, CodesV), O = s(_, CodesO),
    (   V == O -> E = 1
    ;   nonvar(CodesV), nonvar(CodesO) -> strings:equal(V, O, E)
    ;   E in 0..1,
        Compare = strings:equal(V, O, E),
        (   var(CodesV) -> unread_difference(CodesV, CodesO, Done, Compare) ; true ),
        (   var(CodesO) -> unread_difference(CodesO, CodesV, Done, Compare) ; true ),
        freeze(E, db:equality_decided(E, V, O, Done))
    ).

% Equal strings become one term (the comparison is then done: Done); unequal ones wait for
% their codes, but two strings already one term are not unequal.
equality_decided(E, V, O, Done) :-
    (   E =:= 1 ->
        (   Done == done -> true
        ;   padded_differently(V, O) -> true
        ;   Done = done, V = O
        )
    ;   V \== O
    ).

% --- Conditions and expressions ----------------------------------------------------------------

%% truth(+Cond, +Env, +Db, -T)
%
%  T is Cond's SQL truth value in Env (Alias-Row pairs): 0 false, 1 unknown, 2 true.
truth(true, _, _, 2).
truth(and(A, B), Env, Db, T) :- truth(A, Env, Db, TA), truth(B, Env, Db, TB), conjunction(TA, TB, T).
truth(or(A, B), Env, Db, T) :- truth(A, Env, Db, TA), truth(B, Env, Db, TB), disjunction(TA, TB, T).
truth(not(A), Env, Db, T) :- truth(A, Env, Db, TA), T #= 2 - TA.
truth(is_null(E), Env, Db, T) :- expr_value(E, Env, Db, V), ( V == null -> T = 2 ; T = 0 ).
truth(between(E, L, H), Env, Db, T) :- truth(and(cmp(ge, E, L), cmp(le, E, H)), Env, Db, T).
truth(in(E, Items), Env, Db, T) :-
    foldl(in_item(E, Env, Db), Items, 0, T).
truth(cmp(Op, A, B), Env, Db, T) :-
    (   the_clock(A) -> expr_value(B, Env, Db, V), mirrored(Op, Op1), clock_truth(Op1, V, A, T)
    ;   the_clock(B) -> expr_value(A, Env, Db, V), clock_truth(Op, V, B, T)
    ;   expr_value(A, Env, Db, VA),
        expr_value(B, Env, Db, VB),
        (   ( VA == null ; VB == null ) -> T = 1
        ;   compared(Op, VA, VB, R), T #= 2 * R
        )
    ).
truth(like(E, P), Env, Db, T) :-
    memberchk(reified, Env),
    open_string(E, Env, Db, Type, V),
    !,
    pattern_items(P, Env, Db, Items),
    (   Items == null -> T = 1
    ;   T in 0..2,
        pending_check(like_of_decided(V, Items, T), V),
        freeze(T, like_decides_null(T, Type, V))
    ).
truth(like(E, P), Env, Db, T) :-
    expr_value(E, Env, Db, V),
    pattern_items(P, Env, Db, Items),
    (   ( V == null ; Items == null ) -> T = 1
    ;   must_be_string(V),
        (   memberchk(reified, Env) -> like_deferred(V, Items, T)
        ;   like_outcome(V, Items, T)
        )
    ).

% A nullable string column nobody has looked at, in a reified LIKE: its truth T is 1 exactly
% when the value is NULL, so the value stays open (no path for NULL and one for text) until
% something looks at it, the condition forces T (NULL for 1, text for 0 or 2), or the path's end
% closes it (NULL when the condition allows).
open_string(col(Alias, Name), Env, Db, Type, V) :-
    memberchk(e(Alias, Table, row(_, _, Values, _)), Env),
    schema_table(Db, Table, table(_, Columns, _, _, _, _)),
    nth0(I, Columns, column(Name, Type, null, _)), !,
    Type = string(_),
    nth0(I, Values, V),
    var(V).

like_of_decided(V, Items, T) :-
    (   V == null -> T = 1
    ;   must_be_string(V),
        like_deferred(V, Items, T)
    ).

like_decides_null(T, Type, V) :-
    (   nonvar(V) -> true
    ;   T =:= 1 -> V = null
    ;   decided_nonnull(Type, V)
    ).

in_item(E, Env, Db, Item, T0, T) :- truth(cmp(eq, E, Item), Env, Db, TI), disjunction(T0, TI, T).

% AND and OR of truth values. A known operand decides or drops out: clpz's min and max do not
% propagate from the result back to a single open operand (max(0, X) #> 0 leaves X open), and a
% CHECK like `y IS NULL OR y BETWEEN 1 AND 9` on a non-null y must bound y before labelling.
conjunction(TA, TB, T) :-
    (   TA == 0 -> T = 0
    ;   TB == 0 -> T = 0
    ;   TA == 2 -> T = TB
    ;   TB == 2 -> T = TA
    ;   T #= min(TA, TB)
    ).

disjunction(TA, TB, T) :-
    (   TA == 2 -> T = 2
    ;   TB == 2 -> T = 2
    ;   TA == 0 -> T = TB
    ;   TB == 0 -> T = TA
    ;   T #= max(TA, TB)
    ).

compared(Op, A, B, R) :-
    (   ( is_string(A) ; is_string(B) ) ->
        equality(A, B, E),
        (   Op == eq -> R = E
        ;   Op == ne -> R #= 1 - E
        ;   domain_error(string_comparison, Op, compared/4)
        )
    ;   holds(Op, A, B, R)
    ).

% The clock as a side of a comparison: clock, or reading(C, Used) (substituted/4).
the_clock(X) :- nonvar(X), ( X == clock -> true ; X = reading(_, _) ).

%% clock_truth(+Op, ?V, +Clock, -T)
%
%  The truth of `V Op clock`: the clock is an input no test sets, somewhere in
%  clock_window/2 whenever a test runs. V is kept out of the window (a path's constraint), so
%  the comparison comes out the same on any day the test runs: before it, V is less than the
%  clock; at or after its end, greater. A V that lies in the window, a value the clock gave
%  earlier (a column the path wrote with NOW(), a Java reading), is compared with the
%  statement's reading C when it has one (Clock = reading(C, Used), Used then 1): the path's
%  readings are labelled at every corner of the window (explore.pl), so the test holds on any
%  day.
%
%  ?- db:clock_truth(lt, 0, clock, T).
%  T = 2.
clock_truth(Op, V, Clock, T) :-
    (   V == null -> T = 1
    ;   Clock = reading(C, Used), read_from_clock(V) ->
        Used = 1,
        holds(Op, V, C, R),
        T #= 2 * R
    ;   clock_window(Start, End),
        Before #<==> (V #< Start),
        After #<==> (V #>= End),
        Before + After #= 1,
        clock_outcome(Op, Before, R),
        T #= 2 * R
    ).

clock_window(Start, End) :- dates:clock_window(Start, End).

unrecorded_reading(C) :-
    clock_window(Start, End),
    Last is End - 1,
    C in Start..Last.

% A value within the clock's window whatever it is: one the clock gave.
read_from_clock(V) :-
    clock_window(Start, End),
    (   integer(V) -> false
    ;   fd_inf(V, Inf), integer(Inf), Inf >= Start,
        fd_sup(V, Sup), integer(Sup), Sup < End
    ).

clock_outcome(lt, Before, Before).
clock_outcome(le, Before, Before).
clock_outcome(gt, Before, R) :- R #= 1 - Before.
clock_outcome(ge, Before, R) :- R #= 1 - Before.
clock_outcome(eq, _, 0).
clock_outcome(ne, _, 1).

% `A Op B` is `B Op' A`.
mirrored(eq, eq).
mirrored(ne, ne).
mirrored(lt, gt).
mirrored(le, ge).
mirrored(gt, lt).
mirrored(ge, le).

holds(eq, A, B, R) :- equal_numbers(A, B, R).
holds(ne, A, B, R) :- equal_numbers(A, B, E), R #= 1 - E.

holds(lt, A, B, R) :- linear_ordering(lt, A, B, R).
holds(le, A, B, R) :- linear_ordering(le, A, B, R).
holds(gt, A, B, R) :- linear_ordering(gt, A, B, R).
holds(ge, A, B, R) :- linear_ordering(ge, A, B, R).

% An ordering of x + a and y + b is one of the difference x - y (jvm:difference/3, the variable
% the Java code's comparisons of x and y bound) with b - a. `nb_books + 1 <= capacity` after the
% Java code found `count < capacity` is then decided at once; posted on nb_books + 1 itself, clpz
% refutes it by shrinking both domains one value at a time, past any budget.
linear_ordering(Op, A, B, R) :-
    linear(A, XA, CA),
    linear(B, XB, CB),
    (   var(XA), var(XB), XA \== XB ->
        jvm:difference(XA, XB, D),
        K is CB - CA,
        ordering(Op, D, K, R)
    ;   ordering(Op, A, B, R)
    ).

ordering(lt, A, B, R) :- R #<==> (A #< B).
ordering(le, A, B, R) :- R #<==> (A #=< B).
ordering(gt, A, B, R) :- R #<==> (A #> B).
ordering(ge, A, B, R) :- R #<==> (A #>= B).

%% equal_numbers(?A, ?B, -E)
%
%  E is 1 when the numbers A and B are equal, else 0: for two variables the one reification
%  of the pair, made the first time. A join compares a key with each row's foreign key in
%  every query and every tuple; a reification per comparison gave clpz the same constraint
%  many times over, each propagated on every change.
%
%  ?- X in 0..9, db:equal_numbers(X, Y, E), db:equal_numbers(Y, X, F), E == F.
%
%  Two values of one base with constant offsets (jvm:one_base/4: `id + 1` and `id + 2` the Java
%  code computed) are equal exactly when their offsets are, whatever the base: E is known at
%  once. Posted on the values, clpz refutes `id + 1 = id + 2` only through both wrap-arounds,
%  shrinking domains one value at a time, past any budget.
%
%  ?- jvm:value(int, X), jvm:arith(add, int, X, 1, A), jvm:arith(add, int, X, 2, B),
%     db:equal_numbers(A, B, E).
%  E = 0, ...
equal_numbers(A, B, E) :-
    (   jvm:one_base(A, B, _, Pieces) ->
        % A - B is constant modulo the type's range, so it is 0 on every piece or on none.
        ( memberchk(piece(_, _, 0), Pieces) -> E = 1 ; E = 0 )
    ;   var(A), var(B), A \== B ->
        (   recorded_equality(A, B, E0) -> E = E0
        ;   recorded_equality(B, A, E0) -> E = E0
        ;   E #<==> (A #= B),
            ( get_atts(A, equalities(Es)) -> true ; Es = [] ),
            put_atts(A, equalities([B-E|Es]))
        )
    ;   E #<==> (A #= B)
    ).

recorded_equality(A, B, E) :-
    get_atts(A, equalities(Es)),
    member(B0-E, Es),
    B0 == B,
    !.

%% linear(?V, -X, -C)
%
%  V is X + C: a value SQL computed as a column's value plus or minus a constant, else V + 0.
%
%  ?- X in 0..9, db:arith(add, X, 1, V), db:linear(V, Y, C).
%  Y = X, C = 1, ...
linear(V, X, C) :-
    (   var(V), get_atts(V, offset_of(X0, C0)), var(X0) -> X = X0, C = C0
    ;   X = V, C = 0
    ).

offset_noted(V, X, C) :-
    (   var(V), var(X), integer(C) -> put_atts(V, offset_of(X, C)) ; true ).

%% factored(+Op, ?A, ?B, ?V)
%
%  V is A + B (Op add) or A - B (Op sub) where one operand is (X * Y) / C, a product SQL
%  computed divided (or not, C = 1) by a positive constant, and the other is its factor X, X and
%  Y non-negative: V is also posted in its factored form, C * V = X * (C + Y) - R or
%  C * V = X * (C - Y) + R with R the division's remainder. That is distributivity, which bounds
%  propagation does not know: `price - price * ? / 100 < 1` holds only for a percentage of 100,
%  which clpz on the separate product, quotient and difference finds only by narrowing price's
%  domain by a few percent per round (thousands of rounds), or, with the percentage open, never.
%
%  ?- X in 1..100000, Y in 1..99, db:arith(mul, X, Y, P), db:arith(div, P, 100, Q),
%     db:arith(sub, X, Q, V), V #< 1.
%  false.
factored(Op, A, B, V) :-
    (   scaled_pair(B, A, X, F, C) -> factored_form(Op, X, F, C, V)
    ;   scaled_pair(A, B, X, F, C) ->
        (   Op == add -> factored_form(add, X, F, C, V)
        ;   factored_form(sub, X, F, C, Negated), V #= -Negated
        )
    ;   true
    ).

% Scaled is (X * F) / C and Factor is X, both factors non-negative.
scaled_pair(Scaled, Factor, X, F, C) :-
    var(Scaled),
    get_atts(Scaled, scaled_product(X0, Y0, C)),
    factor_other(Factor, X0, Y0, F),
    non_negative(F),
    X = Factor.

% F is the factor of X * Y other than A, when A is one of them and is non-negative.
factor_other(A, X, Y, F) :-
    var(A),
    (   A == X -> F = Y ; A == Y, F = X ),
    non_negative(A).

non_negative(V) :- fd_inf(V, L), integer(L), L >= 0.

factored_form(add, X, Y, C, V) :-
    Max is C - 1,
    R in 0..Max,
    C * V + R #= X * (C + Y).
factored_form(sub, X, Y, C, V) :-
    Max is C - 1,
    R in 0..Max,
    C * V #= X * (C - Y) + R.

scaled_noted(V, X, Y, C) :-
    (   var(V), var(X), ( var(Y) ; integer(Y) ) -> put_atts(V, scaled_product(X, Y, C)) ; true ).

%% expr_value(+Expr, +Env, +Db, -V)
expr_value(col(Alias, Name), Env, Db, V) :-
    memberchk(e(Alias, Table, row(_, _, Values, _)), Env),
    schema_table(Db, Table, table(_, Columns, _, _, _, _)),
    column_type_value(Columns, Values, Name, Type, V),
    shaped(Type, V).
expr_value(int(I), _, _, I).
expr_value(bool(B), _, _, B).
expr_value(str(Cs), _, _, V) :- strings:literal(Cs, V).
expr_value(null, _, _, null).
expr_value(val(V), _, _, V).
expr_value(neg(E), Env, Db, V) :-
    expr_value(E, Env, Db, V0),
    (   V0 == null -> V = null ; V #= -V0 ).
expr_value(arith(Op, A, B), Env, Db, V) :-
    expr_value(A, Env, Db, VA),
    expr_value(B, Env, Db, VB),
    (   ( VA == null ; VB == null ) -> V = null ; arith(Op, VA, VB, V) ).
expr_value(template(Parts), Env, Db, V) :-
    strings:literal([], Empty),
    foldl(template_part(Env, Db), Parts, Empty, V).
expr_value(looked_at(E), Env, Db, V) :- expr_value(E, Env, Db, V).
expr_value(fn(F, Args), Env, Db, V) :-
    maplist(arg_value(Env, Db), Args, Vs),
    function_value(F, Vs, V).
% The first condition that is true gives the result: a branch per condition's outcome.
expr_value(case(Branches, Otherwise), Env, Db, V) :-
    case_value(Branches, Otherwise, Env, Db, V).
% HAVING's aggregates, over the group's tuples (group_kept/5).
expr_value(agg(F, E), Env, Db, V) :-
    memberchk(group(Tuples), Env),
    aggregate(Tuples, Db, agg(F, E), V).

arg_value(Env, Db, E, V) :- expr_value(E, Env, Db, V).

%% function_value(+F, +Vs, -V)
%
%  V is the scalar function F of the argument values Vs as H2 computes it: NULL in, NULL out,
%  except CONCAT (which leaves NULL arguments out) and COALESCE.
%
%  ?- strings:literal("ab", A), db:function_value(upper, [A], s(2, [U|_])).
%  U = 65 (once the codes are read).
function_value(coalesce, Vs, V) :- !,
    maplist(nullable_shaped, Vs),
    (   member(V, Vs), V \== null -> true ; V = null ).
function_value(concat, Vs0, V) :- !,
    maplist(strings:shape, Vs0),
    exclude(==(null), Vs0, Vs),
    strings:literal([], Empty),
    foldl(appended, Vs, Empty, V).
function_value(F, Vs, V) :-
    maplist(nullable_shaped, Vs),
    (   has_null(Vs) -> V = null
    ;   non_null_function(F, Vs, V)
    ).

% A string parameter stays open until looked at (strings:shape/1 makes it null or a string); a
% column's value is shaped already (expr_value/4) and an int parameter is never NULL.
nullable_shaped(V) :-
    (   var(V), \+ is_int_variable(V) -> strings:shape(V) ; true ).

non_null_function(upper, [A], V) :- strings:case_changed(upper, A, V).
non_null_function(lower, [A], V) :- strings:case_changed(lower, A, V).
non_null_function(length, [A], V) :- strings:length_of(A, V).
non_null_function(trim, [A], V) :- strings:trimmed(A, V).
non_null_function(abs, [A], V) :- V #= abs(A).
non_null_function(substring, [A, Start], V) :-
    A = s(Len, _),
    % Without a length, the rest of the text from the start on.
    substring_positions(Start, Len, First),
    End #= max(Len + 1, First),
    substring_part(A, First, End, V).
non_null_function(substring, [A, Start, Count], V) :-
    A = s(Len, _),
    substring_positions(Start, Len, First),
    End #= First + Count,
    substring_part(A, First, End, V).

non_null_function(append, [A, B], V) :- strings:concat(A, B, V).

% H2's first position (from 1) of SUBSTRING(s, Start, ...): 0 is 1, a negative one counts back
% from the end (-1 is the last character); no path is split on which.
substring_positions(Start, Len, First) :-
    Negative #<==> (Start #< 0),
    Zero #<==> (Start #= 0),
    First #= Start + Negative * (Len + 1) + Zero.

% The characters at positions First..End-1, those outside 1..Len left out: H2 gives '' (not an
% error) when none is left.
substring_part(A, First, End, V) :-
    A = s(Len, _),
    Begin #= max(First, 1),
    Stop #= min(End, Len + 1),
    Kept #= max(0, Stop - Begin),
    From #= min(Begin - 1, Len),
    To #= From + Kept,
    strings:substring(A, From, To, V).

appended(P, S0, S) :- strings:concat(S0, P, S).

case_value([], Otherwise, Env, Db, V) :- expr_value(Otherwise, Env, Db, V).
case_value([when(Cond, E)|Branches], Otherwise, Env, Db, V) :-
    truth(Cond, Env, Db, T),
    (   decided(T #= 2), expr_value(E, Env, Db, V)
    ;   decided(T #< 2), case_value(Branches, Otherwise, Env, Db, V)
    ).

% Java's `+` on strings: a null part is the text "null", an int its decimal digits.
template_part(Env, Db, Part, S0, S) :-
    (   Part = str(Cs) -> strings:literal(Cs, P)
    ;   expr_value(Part, Env, Db, V),
        (   integer(V) -> number_chars(V, Cs), strings:literal(Cs, P)
        ;   is_int_variable(V) -> int_text(V, P)
        ;   P = V
        )
    ),
    strings:concat(S0, P, S).

is_int_variable(V) :- var(V), fd_inf(V, L), L \== inf.

% The decimal text of a symbolic int: its length is bounded at once (1 to 16 characters), its
% codes are digits or '-', and they are known when V is (labelling fixes them).
int_text(V, s(Len, Codes)) :-
    strings:max_length(Max),
    Len in 1..Max,
    length(Codes, Max),
    int_codes(Codes, 0, Len),
    freeze(V, ( number_chars(V, Cs), strings:literal(Cs, s(Len, Codes)) )).
int_codes([], _, _).
int_codes([C|Cs], I, Len) :-
    C in 0 \/ 45 \/ 48..57,
    (I #< Len) #<==> (C #> 0),
    I1 is I + 1,
    int_codes(Cs, I1, Len).

must_be_string(V) :-
    (   is_string(V) -> true ; type_error(string, V) ).

arith(add, A, B, V) :-
    V #= A + B,
    (   integer(B) -> offset_noted(V, A, B)
    ;   integer(A) -> offset_noted(V, B, A)
    ;   factored(add, A, B, V)
    ).
arith(sub, A, B, V) :-
    jvm:difference(A, B, V),
    (   integer(B) -> C is -B, offset_noted(V, A, C) ; factored(sub, A, B, V) ).
arith(mul, A, B, V) :-
    V #= A * B,
    (   var(A) -> scaled_noted(V, A, B, 1)
    ;   var(B) -> scaled_noted(V, B, A, 1)
    ;   true
    ).
arith(div, A, B, V) :-
    B #\= 0,
    V #= A // B,
    (   integer(B), B > 1, var(A), get_atts(A, scaled_product(X, Y, 1)) -> scaled_noted(V, X, Y, B)
    ;   true
    ).
arith(mod, A, B, V) :- B #\= 0, V #= A rem B.

% --- LIKE --------------------------------------------------------------------------------------

/* A pattern is a list of items: lit(Code), one (`_`), any (`%`, runs merged) and text(S), a
   symbolic Java string spliced in as literal text (its codes are constrained to be none of
   `%`, `_` and `\`, so the generated value means what the constraint says). A ground pattern,
   string literal part or hole, has its wildcards read; a symbolic one is text, part by part
   when Java concatenated it (its literal parts keep their wildcards). */

%% pattern_items(+Pattern, +Env, +Db, -Items)
%
%  Items is null for a NULL pattern.
%
%  ?- db:pattern_items(str("a%_"), [], _, Is).
%  Is = [lit(97),any,one].
pattern_items(template(Parts), Env, Db, Items) :- !,
    maplist(template_items(Env, Db), Parts, Itemss),
    append(Itemss, Items0),
    merged(Items0, Items).
pattern_items(P, Env, Db, Items) :-
    expr_value(P, Env, Db, V),
    strings:shape(V),
    (   V == null -> Items = null
    ;   value_items(V, Items0), merged(Items0, Items)
    ).

template_items(Env, Db, Part, Items) :-
    (   Part = str(Cs) -> maplist(char_code_, Cs, Codes), wildcard_items(Codes, Items)
    ;   expr_value(Part, Env, Db, V),
        (   integer(V) -> number_codes(V, Codes), maplist(literal_item, Codes, Items)
        ;   is_int_variable(V) -> int_text(V, S), Items = [text(S)]
        ;   V == null -> maplist(literal_item, "null", Items)
        ;   % Its text, "null" or itself, left open while nobody has shaped it: the pattern's
            % text is read from it as from any string (strings:open_text/2).
            strings:open_text(V, S),
            value_items(S, Items)
        )
    ).

char_code_(C, Code) :- char_code(C, Code).
literal_item(C, lit(Code)) :- ( integer(C) -> Code = C ; char_code(C, Code) ).

% A string concatenated in Java is read part by part: `"%" + name + "%"` is any, the text of
% name, any, while the codes of the whole are still unknown.
value_items(S, Items) :-
    strings:parts(S, Parts),
    maplist(part_items, Parts, Itemss),
    append(Itemss, Items).

part_items(S, Items) :-
    S = s(L, _), strings:codes(S, Codes),
    (   ground(L-Codes) ->
        length(Text, L), append(Text, _, Codes),
        wildcard_items(Text, Items)
    ;   maplist(not_wildcard, Codes),
        Items = [text(s(L, Codes))]
    ).

not_wildcard(C) :- C #\= 37, C #\= 95, C #\= 92.

% H2's LIKE has `\` as its escape character by default: `\%`, `\_` and `\\` are literal. (A
% lone `\` at the end of a part is taken literally.)
wildcard_items([], []).
wildcard_items([C|Cs], Is) :-
    (   C =:= 92, Cs = [E|Es] -> Is = [lit(E)|Is1], wildcard_items(Es, Is1)
    ;   C =:= 37 -> Is = [any|Is1], wildcard_items(Cs, Is1)
    ;   C =:= 95 -> Is = [one|Is1], wildcard_items(Cs, Is1)
    ;   Is = [lit(C)|Is1], wildcard_items(Cs, Is1)
    ).

merged([], []).
merged([any, any|Is], Ms) :- !, merged([any|Is], Ms).
merged([I|Is], [I|Ms]) :- merged(Is, Ms).

% T is 2 or 0 as the automaton says, without a branch; for the conditions a row must merely
% satisfy (a tuple left out, a CHECK, a selection a COUNT sums), where labelling copes with weak
% propagation. The automaton is a few hundred reified constraints per string, propagated again
% at every later choice of the path, so it waits: for a pattern with symbolic text, until the
% pattern is ground (labelling labels the inputs, which its text comes from, before the rows);
% for a literal one, until the string's length is known (labelling again, or the path), the
% bound the pattern puts on that length holding at once. A match that propagation forces (a
% NOT LIKE that must fail, the last disjunct of an OR the row must satisfy) places the
% pattern's segments in the string at once, so that labelling finds such strings; a row kept
% out of `LIKE '%' || keyword || '%'` costs no reified code during the path search: the row's
% string labelled lowest first (the empty one, shorter than the non-empty keyword) misses it.
like_deferred(S, Items, T) :-
    M in 0..1,
    T #= 2 * M,
    freeze(M, like_forced(M, Items, S)),
    (   ground(Items) ->
        S = s(Len, _),
        pattern_length(Items, Min, Open),
        (   Open == true -> M #==> (Len #>= Min) ; M #==> (Len #= Min) ),
        when(nonvar(Len), like_decided(Items, S, M))
    ;   when(ground(Items), like_decided(Items, S, M))
    ).

like_forced(M, Items, S) :-
    (   M =:= 1 -> like_holds(Items, S) ; true ).

% The automaton once the pattern is ground (the string's codes are made then, not before),
% unless the path has already posted it, or placed the pattern in S (like_result/5).
like_decided(Items, S, M) :-
    S = s(Len, _),
    length_chosen(Len),
    strings:codes(S, Codes),
    like_result(S, Items, R, _, New),
    R = M,
    (   New == true -> like_automaton(Items, Len, Codes, M) ; true ).

%% like_result(+S, +Items, -M, -Placed, -New)
%
%  What the path already posted of `S LIKE Items` (a ground pattern, S's codes made): M, its
%  0/1 result, and Placed, true once the pattern's segments are placed in S (like_holds/2);
%  New is true when nothing was, and M and Placed are then fresh. Noted on S's length while
%  it is unknown, as strings:derived/4 notes the strings made of it: a join pairs a row with
%  every row of the other table, and each pair's condition would post the same automaton (a
%  few hundred reified constraints) over the same string again, and each automaton that
%  labelling makes 1 would place the pattern again.
%
%  ?- strings:fresh(S), P = [any, lit(97), any], db:like_result(S, P, M, _, N1),
%     db:like_result(S, P, M1, _, N2), M == M1.
%  N1 = true, N2 = false.
like_result(S, Items, M, Placed, New) :-
    S = s(Len, Codes),
    (   var(Len) ->
        (   get_atts(Len, like_results(Rs)) -> true ; Rs = [] ),
        (   noted_result(Rs, Codes, Items, M0, Placed0) ->
            M = M0, Placed = Placed0, New = false
        ;   put_atts(Len, like_results([like(Codes, Items, M, Placed)|Rs])),
            New = true
        )
    ;   New = true
    ).

noted_result([like(Codes0, Items0, M0, Placed0)|Rs], Codes, Items, M, Placed) :-
    (   Codes0 == Codes, Items0 == Items -> M = M0, Placed = Placed0
    ;   noted_result(Rs, Codes, Items, M, Placed)
    ).

%% like_outcome(+S, +Items, -T)
%
%  One branch where the non-null string S matches (T = 2), with constraints that fix S's codes
%  as soon as its length is known (labelling finds readable strings), one where it does not
%  (T = 0), posted as a reified automaton over the padded codes once the pattern is ground.
like_outcome(S, Items, T) :-
    (   T = 2, like_holds(Items, S)
    ;   T = 0, when(ground(Items), like_decided(Items, S, 0))
    ).

% The segments between `%` are placed one after the other: the first at 0, the last (when
% there is a `%`) ending at Len, the ones between anywhere in order. Each item's code is found
% by element/3 at its offset, or directly once the offset is known.
like_holds(Items, S) :-
    S = s(Len, _),
    (   ground(Items) ->
        length_chosen(Len),
        strings:codes(S, Codes),
        like_result(S, Items, 1, Placed, _),
        (   Placed == true -> true ; Placed = true, placed_segments(Items, Len, Codes) )
    ;   % Symbolic text placed at an unknown offset is an element/3 (16 reifications) per
        % code it may have: several hundred reified constraints per row, propagated again at
        % every later choice of the path. The path search needs only the length the pattern
        % gives the string; its codes are placed once the pattern is ground (labelling labels
        % the inputs, which the pattern's text comes from, before the rows).
        pattern_length(Items, Min, Open),
        (   Open == true -> Len #>= Min ; Len #= Min ),
        when(ground(Items), like_holds(Items, S))
    ).

% While labelling, a string whose length is still open when a pattern it must match or miss
% becomes ground (labelling fixed the keyword of `'%' || keyword || '%'`) gets its length
% first, lowest first as label_string/1 would give it: its codes are then made without a
% reification per code tying each to the length (strings:codes/2), some 28000 inferences per
% row otherwise. Every length is tried, so no solution is lost.
length_chosen(Len) :-
    (   var(Len), jvm:labelling -> strings:lowest_first(Len) ; true ).

% The length of the text Items match: at least Min (Open) or exactly Min.
pattern_length([], 0, false).
pattern_length([I|Is], Min, Open) :-
    pattern_length(Is, Min0, Open0),
    (   I == any -> Min = Min0, Open = true
    ;   I = text(s(L, _)) -> Min = L + Min0, Open = Open0
    ;   Min = 1 + Min0, Open = Open0
    ).

placed_segments(Items, Len, Codes) :-
    segments(Items, Segments),
    (   Segments = [Only] -> placed(Only, 0, Len, Codes)
    ;   Segments = [First|Rest],
        placed(First, 0, End0, Codes),
        later_placed(Rest, End0, Len, Codes)
    ).

segments(Items, [S|Ss]) :-
    (   append(S0, [any|Rest], Items) -> S = S0, segments(Rest, Ss)
    ;   S = Items, Ss = []
    ).

later_placed([Last], From, Len, Codes) :- !,
    Start #>= From, placed(Last, Start, Len, Codes).
later_placed([S|Ss], From, Len, Codes) :-
    Start #>= From, offset_chosen(Start), placed(S, Start, End, Codes), later_placed(Ss, End, Len, Codes).

% Where a segment between two `%` starts, chosen leftmost first while labelling (a pattern
% whose text labelling has just fixed, `'%' || keyword || '%'`): at an unknown offset each of
% its codes is an element/3 of 16 reified implications over the string's codes, some 50000
% inferences per row, which labelling the string then undoes; at a chosen one it is a code
% of the string. Every offset is tried, so no solution is lost. The path search keeps the
% offset open: each would be a path.
offset_chosen(Start) :-
    (   jvm:labelling -> Start #=< 15, strings:lowest_first(Start) ; true ).

placed([], O, End, _) :- End #= O.
placed([I|Is], O, End, Codes) :- item_at(I, O, Codes, O1), placed(Is, O1, End, Codes).

item_at(lit(C), O, Codes, O1) :- code_at(O, Codes, X), X #= C, O1 #= O + 1.
item_at(one, O, Codes, O1) :- code_at(O, Codes, X), X #>= 32, O1 #= O + 1.
item_at(text(s(L, Hs)), O, Codes, O1) :-
    O1 #= O + L, O1 #=< 16,
    % Only the codes the text can reach (its length is bounded by the column's by now).
    fd_sup(L, Sup),
    length(Reach, Sup), append(Reach, _, Hs),
    text_at(Reach, 0, O, L, Codes).

code_at(O, Codes, X) :-
    O in 0..15,
    (   integer(O) -> nth0(O, Codes, X)
    ;   I #= O + 1, element(I, Codes, X)
    ).

% The text's J-th code, when J is below its length L, is the string's code at O + J.
text_at([], _, _, _, _).
text_at([H|Hs], J, O, L, Codes) :-
    (   integer(O), integer(L) ->
        (   J < L -> P is O + J, nth0(P, Codes, X), X #= H ; true )
    ;   I #= min(O + J, 15) + 1, element(I, Codes, X),
        (J #< L) #==> (X #= H)
    ),
    J1 is J + 1,
    text_at(Hs, J1, O, L, Codes).

% The automaton: Row_i lists, for each position J in 0..16, whether items i.. match the codes
% from J to the end of the string (position Len).
like_automaton(Items0, Len, Codes, M) :-
    maplist(expanded_item, Items0, Itemss),
    append(Itemss, Items),
    (   fixed_prefix(Items, Prefix, Open) -> prefix_matches(Prefix, Open, Codes, M)
    ;   contained(Items, Inner) -> contains_matches(Inner, Codes, M)
    ;   general_automaton(Items, Len, Codes, M)
    ).

% A pattern without `%`, or with one `%` at its end ('CS%'): the string matches when its first
% codes match the pattern's and, without `%`, the code after them is the padding's zero. Those
% are as many reified constraints as the pattern has characters, where the automaton takes one
% per character and position: refuting a prefix on every row a query reads is then cheap.
fixed_prefix(Items, Prefix, Open) :-
    (   append(Prefix, [any], Items) -> Open = true ; Prefix = Items, Open = false ),
    \+ memberchk(any, Prefix).

prefix_matches(Prefix, Open, Codes, M) :-
    length(Prefix, N),
    length(Codes, Capacity),
    (   N > Capacity -> M = 0
    ;   length(Front, N), append(Front, Rest, Codes),
        maplist(item_matches, Prefix, Front, Bs0),
        (   Open == false, Rest = [Next|_] -> B #<==> (Next #= 0), Bs = [B|Bs0] ; Bs = Bs0 ),
        all_hold(Bs, M)
    ).

item_matches(lit(C), X, B) :- B #<==> (X #= C).
item_matches(one, X, B) :- B #<==> (X #> 0).

all_hold([], 1).
all_hold([B|Bs], M) :- all_hold(Bs, M0), M #<==> (B #/\ M0).

% A pattern '%text%' whose text has no `%` (LIKE '%' || keyword || '%'): the string matches
% when the text's codes are found at some offset, one reified conjunction per offset and one
% reified sum for M, where the automaton takes a reified cell per item and position. The
% padding's zero codes (and the readable codes' being non-zero) keep the text inside the
% string.
contained(Items, Inner) :-
    append([any|Inner], [any], Items),
    Inner = [_|_],
    \+ memberchk(any, Inner).

contains_matches(Inner, Codes, M) :-
    length(Inner, N),
    length(Codes, Capacity),
    Last is Capacity - N,
    (   Last < 0 -> M = 0
    ;   numlist(0, Last, Offsets),
        member(Offset, Offsets),
        found_at(Inner, Codes, Offset) ->
        M = 1
    ;   numlist(0, Last, Offsets),
        maplist(matches_at(Inner, Codes), Offsets, Bs),
        sum(Bs, #=, Found),
        M #<==> (Found #>= 1)
    ).

% The text's codes are already at Offset (placed there by like_holds/2: like_result/5 no
% longer finds what was posted of the string once its length is known).
found_at(Inner, Codes, Offset) :-
    length(Skipped, Offset),
    append(Skipped, Rest, Codes),
    found_codes(Inner, Rest).

found_codes([], _).
found_codes([lit(C)|Is], [X|Xs]) :- X == C, found_codes(Is, Xs).

matches_at(Inner, Codes, Offset, B) :-
    length(Skipped, Offset),
    append(Skipped, Rest, Codes),
    length(Inner, N),
    length(Front, N),
    append(Front, _, Rest),
    maplist(item_matches, Inner, Front, Bs),
    (   Bs = [B] -> true ; all_hold(Bs, B) ).

general_automaton(Items, Len, Codes, M) :-
    numlist(0, 16, Js),
    maplist(at_end(Len), Js, End),
    dp_rows(Items, Codes, End, Row),
    Row = [M|_].

expanded_item(text(s(L, Cs)), Items) :- !,
    length(Text, L), append(Text, _, Cs), maplist(literal_item, Text, Items).
expanded_item(I, [I]).

at_end(Len, J, M) :- M #<==> (Len #= J).

dp_rows([], _, End, End).
dp_rows([I|Is], Codes, End, Row) :-
    dp_rows(Is, Codes, End, Next),
    dp_row(I, Codes, Next, Row).

dp_row(lit(C), Codes, [_|Next], Row) :-
    maplist(lit_cell(C), Codes, Next, Ms), append(Ms, [0], Row).
dp_row(one, Codes, [_|Next], Row) :-
    maplist(one_cell, Codes, Next, Ms), append(Ms, [0], Row).
dp_row(any, Codes, Next, Row) :- any_row(Codes, Next, Row).

lit_cell(C, X, N, M) :- M #<==> ((X #= C) #/\ N).
one_cell(X, N, M) :- M #<==> ((X #> 0) #/\ N).

any_row([], [N], [N]).
any_row([X|Xs], [N|Ns], [M|Ms]) :-
    any_row(Xs, Ns, Ms),
    Ms = [M1|_],
    M #<==> (N #\/ ((X #> 0) #/\ M1)).

% --- Projection --------------------------------------------------------------------------------

projected(Items, Tuples, Db, Rows) :-
    (   Items = [agg(_, _)|_] ->
        maplist(aggregate(Tuples, Db), Items, Row),
        Rows = [Row]
    ;   maplist(tuple_row(Items, Db), Tuples, Rows)
    ).

tuple_row(Items, Db, Tuple, Row) :-
    maplist(item_value(Tuple, Db), Items, Row).
% A projected column is not looked at: a nullable value stays open (NULL unless constrained).
item_value(Env, Db, E, V) :-
    (   E = col(Alias, Name) ->
        memberchk(e(Alias, Table, row(_, _, Values, _)), Env),
        schema_table(Db, Table, table(_, Columns, _, _, _, _)),
        column_type_value(Columns, Values, Name, _, V)
    ;   expr_value(E, Env, Db, V)
    ).

aggregate(Tuples, _, agg(count, star), N) :- !, length(Tuples, N).
% The distinct values are counted as DISTINCT lists rows: sorted, a branch per pair of
% neighbours (equal or not).
aggregate(Tuples, Db, agg(count_distinct, E), N) :- !,
    maplist(tuple_value(E, Db), Tuples, Vs0),
    exclude(==(null), Vs0, Vs),
    maplist(string_codes_made, Vs),
    maplist(singleton, Vs, Rows),
    sorted_rows(Rows, [asc], Sorted),
    deduplicated(Sorted, [asc], Distinct),
    length(Distinct, N).
aggregate(Tuples, Db, agg(F, E), V) :-
    maplist(tuple_value(E, Db), Tuples, Vs0),
    exclude(==(null), Vs0, Vs),
    aggregated(F, Vs, V).

tuple_value(E, Db, Tuple, V) :- expr_value(E, Tuple, Db, V).
singleton(V, [V]).

aggregated(count, Vs, N) :- length(Vs, N).
aggregated(sum, [], null) :- !.
aggregated(sum, Vs, S) :- sum(Vs, #=, S).
aggregated(min, [], null) :- !.
aggregated(min, [V|Vs], M) :- foldl(smaller, Vs, V, M).
aggregated(max, [], null) :- !.
aggregated(max, [V|Vs], M) :- foldl(larger, Vs, V, M).
% AVG of integers is H2's DOUBLE, the sum divided by the count correctly rounded: in the
% floating units (floating.pl) it is exact, so the rows are those whose average the units hold.
aggregated(avg, [], null) :- !.
aggregated(avg, Vs, A) :-
    length(Vs, N),
    sum(Vs, #=, S),
    floating:unit(U),
    A * N #= S * U.
smaller(V, M0, M) :- M #= min(M0, V).
larger(V, M0, M) :- M #= max(M0, V).

% --- Order of results ----------------------------------------------------------------------------

/* What is assumed of H2 (2.1, MVStore, default settings):
   - ORDER BY sorts by the keys; NULL sorts first for ASC and last for DESC (H2's default
     NULL ordering, LOW); strings compare by their character codes (the default collation, as
     Java's String.compareTo for the printable ASCII strings of strings.pl); booleans false
     before true. Rows whose keys tie come in the order this runtime chooses: a test must not
     depend on it (the result lists them in scan order, below, when that is known).
   - Without ORDER BY a single-table SELECT scans the table: by primary key when the primary
     key is one INTEGER-like column (H2 makes it the row key), else in insertion order, which
     for the initial rows is the fixture's order (the order of materialisation) and puts the
     rows inserted on the path after them (an UPDATE keeps a row's place). This assumes the
     plan is a scan or a primary-key lookup: a range condition on a column with a secondary
     (UNIQUE) index may make H2 read that index and list rows in its order instead.
   - Without ORDER BY the order of a join's rows is the plan's: left as the tuples come. */

%% ordered(+Items, +Bindings, +Order, +Direct, +Db, +Tuples0, -Tuples)
%
%  Tuples is Tuples0 in the order the SELECT lists them. Sorting chooses an order, each row
%  constrained to come before the next (by the keys, ties broken by the scan order): the first
%  order, starting from the scan order, that propagation does not refute. This is the one
%  incompleteness: a path never lists the same rows in two orders, so a program behaviour that
%  needs the data in another order than the one chosen can be missed (rows with known keys
%  have only one order, so it only concerns rows whose keys are still open). The rows
%  materialised for a single-table SELECT (Direct) are interchangeable, so they are listed in
%  materialisation order (symmetry breaking).
ordered([agg(_, _)|_], _, _, _, _, Tuples, Tuples) :- !.
ordered(_, Bindings, Order, Direct, Db, Tuples0, Tuples) :-
    (   Order \== [], Bindings = [b(Alias, Table)], key_ordered(Db, Table, Pk) ->
        % Ties in the scan order, the key's (H2 sorts the scanned rows stably).
        append(Order, [asc(col(Alias, Pk))], Keys),
        sorted_by(Keys, Bindings, Direct, Db, Tuples0, Tuples)
    ;   Order \== [] -> sorted_by(Order, Bindings, Direct, Db, Tuples0, Tuples)
    ;   Bindings = [b(Alias, Table)] ->
        (   key_ordered(Db, Table, Pk) ->
            sorted_by([asc(col(Alias, Pk))], Bindings, Direct, Db, Tuples0, Tuples)
        ;   partition_initial(Tuples0, Initial, Inserted),
            append(Initial, Inserted, Tuples)
        )
    ;   Tuples = Tuples0
    ).

key_ordered(Db, Table, Pk) :-
    schema_table(Db, Table, table(_, Columns, Key, _, _, _)),
    Key = [Pk],
    memberchk(column(Pk, int(_, _), _, _), Columns).

partition_initial([], [], []).
partition_initial([T|Ts], Is, Ns) :-
    (   T = [e(_, _, row(_, initial(_), _, _))] -> Is = [T|Is1], Ns = Ns1
    ;   Is = Is1, Ns = [T|Ns1]
    ),
    partition_initial(Ts, Is1, Ns1).

sorted_by(Order, Bindings, Direct, Db, Tuples0, Tuples) :-
    maplist(key_direction, Order, Dirs, Exprs),
    scan_ordered(Bindings, Db, Tuples0, Scanned),
    (   Bindings = [_] -> Interchangeable = Direct ; Interchangeable = [] ),
    numbered(Scanned, 0, Interchangeable, Exprs, Db, Numbered),
    % The first order that propagation accepts, trying the scan order first: one path, not
    % one per order the data allow (a path never needs a second order of the same rows).
    once(chosen_order(Numbered, Dirs, none, Sorted)),
    pairs_values_(Sorted, Tuples).

key_direction(asc(E), asc, E).
key_direction(desc(E), desc, E).

% Ties keep the scan order of a single table (initial rows, then inserted ones); a join's
% tuples keep the order they come in.
scan_ordered(Bindings, Db, Tuples0, Tuples) :-
    (   Bindings = [b(_, Table)], \+ key_ordered(Db, Table, _) ->
        partition_initial(Tuples0, Initial, Inserted),
        append(Initial, Inserted, Tuples)
    ;   Tuples = Tuples0
    ).

% k(Index, Rank, KeyValues)-Tuple, Rank the row's place among the interchangeable rows (or
% none).
numbered([], _, _, _, _, []).
numbered([T|Ts], I, Direct, Exprs, Db, [k(I, Rank, Ks)-T|Ns]) :-
    maplist(key_value(T, Db), Exprs, Ks),
    % Strings compared by character: their codes are made here, not inside the guarded
    % comparison, whose inference limit is for propagation, not for building values.
    maplist(string_codes_made, Ks),
    T = [e(_, _, row(Id, _, _, _))|_],
    (   nth0(Rank0, Direct, Id1), Id1 == Id -> Rank = Rank0 ; Rank = none ),
    I1 is I + 1,
    numbered(Ts, I1, Direct, Exprs, Db, Ns).
key_value(Env, Db, E, V) :- expr_value(E, Env, Db, V).
string_codes_made(V) :- ( is_string(V) -> strings:codes(V, _) ; true ).

% A row may come next when no interchangeable row materialised before it is still waiting.
% The constraint between consecutive rows is guarded: against a contradicting order known
% from an earlier statement, clpz may take very long to refute it (jvm:guarded/1).
chosen_order([], _, _, []).
chosen_order(Ns, Dirs, Prev, [K-T|Sorted]) :-
    select(K-T, Ns, Rest),
    K = k(_, Rank, _),
    \+ ( integer(Rank), member(k(_, R, _)-_, Rest), integer(R), R < Rank ),
    (   Prev == none -> true ; jvm:guarded(db:before(Dirs, Prev, K, 1)) ),
    chosen_order(Rest, Dirs, K, Sorted).

pairs_values_([], []).
pairs_values_([_-V|Ps], [V|Vs]) :- pairs_values_(Ps, Vs).

%% before(+Dirs, +k(I, _, Xs), +k(J, _, Ys), -B)
%
%  B is 1 when the row with keys Xs (scan index I) comes before the one with Ys.
before(Dirs, k(I, _, Xs), k(J, _, Ys), B) :-
    ( I < J -> Tie = 1 ; Tie = 0 ),
    lex_before(Dirs, Xs, Ys, Tie, B).

lex_before([], [], [], Tie, Tie).
lex_before([D|Ds], [X|Xs], [Y|Ys], Tie, B) :-
    lex_before(Ds, Xs, Ys, Tie, B0),
    (   D == asc -> key_before(X, Y, B0, B) ; key_before(Y, X, B0, B) ).

% B: X sorts before Y, or they are equal and B0. One value against itself is a tie: clpz
% would refute X #< X one unit at a time (tuples of one row share it, an outer join's say).
key_before(X, Y, B0, B) :-
    (   X == Y -> B = B0
    ;   X == null, Y == null -> B = B0
    ;   X == null -> B = 1
    ;   Y == null -> B = 0
    ;   ( is_string(X) ; is_string(Y) ) ->
        strings:codes(X, Xs0), strings:codes(Y, Ys0),
        strings:aligned(Xs0, Ys0, Xs, Ys),
        codes_before(Xs, Ys, B0, B)
    ;   B0 == 1 -> B #<==> (X #=< Y)
    ;   B0 == 0 -> B #<==> (X #< Y)
    ;   B #<==> ((X #< Y) #\/ ((X #= Y) #/\ B0))
    ).

codes_before([], [], B0, B0).
codes_before([X|Xs], [Y|Ys], B0, B) :-
    codes_before(Xs, Ys, B0, B1),
    B #<==> ((X #< Y) #\/ ((X #= Y) #/\ B1)).

% --- Windows: LIMIT, OFFSET, FETCH ---------------------------------------------------------------

/* What is assumed of H2 (2.1.214, measured):
   - A negative or NULL OFFSET or row count raises an SQLException (90008) before any row is
     read; LIMIT 0 and an offset past the end give no rows; an aggregate's one row is windowed
     like any other (LIMIT 0 or OFFSET 1 leave none).
   - Without ORDER BY the window is taken from the scan order (ordered/7).
   - With ORDER BY and a window H2 sorts only the rows the window needs, with a partial sort that
     is not stable: rows whose keys tie may come in any order, even across the window's edges.
     So a row in the window must not tie with its neighbours (ties_excluded/4): the paths where
     the data tie there are not explored, never guessed. */

%% window_bounds(+Window, -Bounds)
%
%  Bounds is all (no window), bounds(Offset, Count) with Count an int or all, or invalid when H2
%  rejects a bound (a branch each way for a symbolic one).
%
%  ?- X in -5..5, db:window_bounds(window(val(X), all), B).
window_bounds(all, all).
window_bounds(window(OffsetExpr, CountExpr), Bounds) :-
    expr_value(OffsetExpr, [], _, Offset),
    (   CountExpr == all -> Count = all ; expr_value(CountExpr, [], _, Count) ),
    (   bound_invalid(Offset), Bounds = invalid
    ;   bound_valid(Offset),
        (   Count == all -> Bounds = bounds(Offset, all)
        ;   bound_invalid(Count), Bounds = invalid
        ;   bound_valid(Count), Bounds = bounds(Offset, Count)
        )
    ).

bound_invalid(V) :-
    (   V == null -> true
    ;   window_int(V), decided(V #< 0)
    ).
bound_valid(V) :-
    V \== null, window_int(V), decided(V #>= 0).

window_int(V) :-
    (   integer(V) -> true ; var(V), \+ fd_inf(V, inf) -> true ; type_error(integer, V) ).

%% windowed(+Bounds, +Items, -Kept, -Start, -Length)
%
%  Kept is the Length items of Items from position Start (0-based): one path per place the
%  symbolic offset and count may put the window's edges among the items (the offset equal to
%  each position or past the end, the count equal to each number of remaining items or more).
%
%  ?- C in 0..9, db:windowed(bounds(0, C), [a, b], K, S, L).
windowed(all, Items, Items, 0, Length) :- length(Items, Length).
windowed(bounds(Offset, Count), Items, Kept, Start, Length) :-
    length(Items, N),
    clipped(Offset, N, Start),
    Remaining is N - Start,
    (   Count == all -> Length = Remaining ; clipped(Count, Remaining, Length) ),
    length(Skipped, Start),
    append(Skipped, Rest, Items),
    length(Kept, Length),
    append(Kept, _, Rest).

% K is min(V, N) for V >= 0: one branch for each value below N, one for N or more.
clipped(V, N, K) :-
    (   N1 is N - 1, between(0, N1, K), decided(V #= K)
    ;   decided(V #>= N), K = N
    ).

%% ties_excluded(+Dirs, +Keys, +Start, +Length)
%
%  Every row of the window (Length rows from Start of the sorted rows whose ORDER BY keys are
%  Keys, sorted in the directions Dirs) sorts strictly after the row before it and strictly
%  before the row after it, by the ORDER BY keys alone (see the assumptions above). Nothing to
%  do without ORDER BY (Dirs = []) or for an empty window.
%
%  ?- X in 0..9, Y in 0..9, db:ties_excluded([asc], [[X], [Y]], 0, 1).
ties_excluded(Dirs, Keys, Start, Length) :-
    (   ( Dirs == [] ; Length =:= 0 ) -> true
    ;   First is max(Start - 1, 0),
        length(Keys, N),
        Last is min(Start + Length, N - 1),
        numlist_(First, Last, Positions),
        consecutive_pairs(Positions, Keys, Pairs),
        maplist(strictly_before(Dirs), Pairs)
    ).

numlist_(Low, High, Ns) :- ( Low > High -> Ns = [] ; numlist(Low, High, Ns) ).

consecutive_pairs([], _, []).
consecutive_pairs([_], _, []).
consecutive_pairs([I, J|Is], Keys, [Xs-Ys|Pairs]) :-
    nth0(I, Keys, Xs),
    nth0(J, Keys, Ys),
    consecutive_pairs([J|Is], Keys, Pairs).

strictly_before(Dirs, Xs-Ys) :-
    jvm:guarded(db:lex_before(Dirs, Xs, Ys, 0, 1)).

% A tuple's ORDER BY keys (already shaped and with their codes made when it was sorted).
tuple_keys(Exprs, Db, Tuple, Keys) :- maplist(key_value(Tuple, Db), Exprs, Keys).

% --- DISTINCT ----------------------------------------------------------------------------------

/* What is assumed of H2 (2.1.214, measured): SELECT DISTINCT collects the rows in a sorted map,
   so without ORDER BY the distinct rows come sorted ascending on all their columns, left to
   right (NULL first, strings by character codes, false before true); ORDER BY then sorts them
   stably, so rows whose keys tie keep that order. Under a window without ORDER BY H2 keeps rows
   in an order of its own, which sql::statement rejects. */

%% distinct_rows(+Items, +Order, +Db, +Tuples, -Dirs, -Positions, -Rows)
%
%  Rows are the distinct projected rows of Tuples in the order H2 lists them; Dirs and
%  Positions are the ORDER BY's directions and the places of its keys in a row (each key is an
%  item: sql::statement checks it). The rows are sorted (one chosen order, as ordered/7 does),
%  then each row either equals the one before it and is dropped, or sorts strictly after it: a
%  branch per pair of neighbours.
%
%  ?- db:distinct_rows([int(1)], [], _, [[], []], Dirs, Positions, Rows).
%  Dirs = [], Positions = [], Rows = [[1]] (first answer).
distinct_rows(Items, Order, Db, Tuples, Dirs, Positions, Rows) :-
    maplist(tuple_keys(Items, Db), Tuples, Rows0),
    maplist(maplist(string_codes_made), Rows0),
    maplist(ascending, Items, Ascending),
    sorted_rows(Rows0, Ascending, Sorted),
    deduplicated(Sorted, Ascending, Distinct),
    maplist(key_direction, Order, Dirs, Exprs),
    maplist(item_position(Items), Exprs, Positions),
    (   Order == [] -> Rows = Distinct
    ;   maplist(row_keys(Positions), Distinct, Keys),
        pairs_keys_values(Keyed, Keys, Distinct),
        sorted_keyed(Keyed, Dirs, Rows)
    ).

ascending(_, asc).

item_position(Items, E, P) :- nth0(P, Items, E0), E0 == E, !.

row_keys(Positions, Row, Keys) :- maplist(row_value(Row), Positions, Keys).
row_value(Row, P, V) :- nth0(P, Row, V).

sorted_rows(Rows, Dirs, Sorted) :-
    pairs_keys_values(Keyed, Rows, Rows),
    sorted_keyed(Keyed, Dirs, Sorted).

% The values of Keys-Value pairs sorted by Keys, ties in list order: the first order
% propagation accepts (chosen_order/4).
sorted_keyed(Keyed, Dirs, Sorted) :-
    numbered_keys(Keyed, 0, Numbered),
    once(chosen_order(Numbered, Dirs, none, SortedPairs)),
    pairs_values_(SortedPairs, Sorted).

numbered_keys([], _, []).
numbered_keys([Ks-V|Ps], I, [k(I, none, Ks)-V|Ns]) :-
    I1 is I + 1,
    numbered_keys(Ps, I1, Ns).

deduplicated([], _, []).
deduplicated([Row|Rows], Dirs, [Row|Distinct]) :- distinct_after(Rows, Row, Dirs, Distinct).

% Rows follow Last in sorted order: those equal to it are dropped.
distinct_after([], _, _, []).
distinct_after([Row|Rows], Last, Dirs, Distinct) :-
    (   maplist(same_value, Last, Row),
        distinct_after(Rows, Last, Dirs, Distinct)
    ;   strictly_before(Dirs, Last-Row),
        Distinct = [Row|Distinct1],
        distinct_after(Rows, Row, Dirs, Distinct1)
    ).

% --- GROUP BY ----------------------------------------------------------------------------------

/* What is assumed of H2 (2.1.214, measured): GROUP BY collects the groups in a sorted map, so
   the groups come sorted ascending on the grouped values (NULL, a group of its own, first;
   several expressions compare in order); no rows, no groups. HAVING drops groups after that.
   ORDER BY then sorts these rows stably (its keys grouped expressions or aggregates over the
   group); under a window the sort is not stable (see "Windows"). */

%% grouped_rows(+Keys, +Items, +Having, +Order, +Db, +Tuples, -Rows, -Dirs, -SortKeys)
%
%  One row per combination of the values of Keys among Tuples whose group satisfies Having, in
%  H2's order: Items are keys or aggregates over the group's tuples. The tuples are sorted on
%  Keys (one chosen order), then each tuple either has the keys of the one before it and joins
%  its group, or sorts strictly after it and starts a group: a branch per pair of neighbours;
%  each group is kept or not: a branch each way.
%
%  Dirs and SortKeys are the ORDER BY's directions and each row's values of
%  its keys, for ties_excluded/4 under a window ([] when no two groups can tie on them). An
%  ORDER BY of the GROUP BY expressions in their order and one direction keeps H2's order of
%  the groups or reverses it; another (an aggregate such as `COUNT(*) DESC`, a part of the
%  grouped expressions) sorts the groups stably on its keys, each evaluated over the group, as
%  H2 sorts its grouped rows: ties keep the ascending order of the groups.
%
%  ?- db:grouped_rows([int(1)], [agg(count,star)], true, [desc(agg(count,star))], _, [[], []], Rows, Dirs, Ks).
%  Rows = [[2]], Dirs = [desc], Ks = [[2]].
grouped_rows(Keys, Items, Having, Order, Db, Tuples, Rows, Dirs, SortKeys) :-
    must_be(list, Order),
    maplist(tuple_keys(Keys, Db), Tuples, KeyValues),
    maplist(maplist(string_codes_made), KeyValues),
    pairs_keys_values(KeyedTuples, KeyValues, Tuples),
    pairs_keys_values(Keyed, KeyValues, KeyedTuples),
    maplist(ascending, Keys, Ascending),
    sorted_keyed(Keyed, Ascending, Sorted),
    groups(Sorted, Ascending, Groups0),
    include_groups(Groups0, Having, Db, Groups),
    maplist(group_row(Keys, Items, Db), Groups, AscendingRows),
    (   groups_ordered(Order, Keys) ->
        Dirs = [], SortKeys = [],
        % Groups' keys are distinct: DESC is the ascending order reversed.
        (   Order = [desc(_)|_] -> reverse(AscendingRows, Rows) ; Rows = AscendingRows )
    ;   maplist(key_direction, Order, Dirs, Exprs),
        maplist(group_sort_keys(Exprs, Db), Groups, GroupKeys),
        maplist(maplist(string_codes_made), GroupKeys),
        pairs_keys_values(KeyedRows0, GroupKeys, AscendingRows),
        pairs_keys_values(KeyedRows, GroupKeys, KeyedRows0),
        sorted_keyed(KeyedRows, Dirs, SortedRows),
        pairs_keys_values(SortedRows, SortKeys, Rows)
    ).

% An ORDER BY that H2's order of the groups already follows, or reverses: none, or the GROUP
% BY expressions (all of them, a prefix of its keys) in their order in one direction.
groups_ordered([], _).
groups_ordered([O|Os], Keys) :-
    functor(O, Dir, 1),
    length(Keys, N),
    length(Prefix, N),
    append(Prefix, _, [O|Os]),
    maplist(ordered_on(Dir), Prefix, Keys).
ordered_on(Dir, O, Key) :- O =.. [Dir, E], E == Key.

% The values of the ORDER BY expressions over one group: its aggregates over its tuples, the
% grouped expressions from its first tuple (include_groups/4).
group_sort_keys(Exprs, Db, _-Tuples, Values) :-
    Tuples = [First|_],
    maplist(group_key_value([group(Tuples)|First], Db), Exprs, Values).
group_key_value(Env, Db, E, V) :- expr_value(E, Env, Db, V).

groups([], _, []).
groups([Ks-T|KTs], Dirs, Groups) :- grouped_after(KTs, Dirs, Ks, [T], Groups).

% The tuples of KTs follow the group Ts of keys Ks in sorted order.
grouped_after([], _, Ks, Ts, [Ks-Ts]).
grouped_after([Ks1-T|KTs], Dirs, Ks, Ts, Groups) :-
    (   maplist(same_value, Ks, Ks1),
        append(Ts, [T], Ts1),
        grouped_after(KTs, Dirs, Ks, Ts1, Groups)
    ;   strictly_before(Dirs, Ks-Ks1),
        Groups = [Ks-Ts|Groups1],
        grouped_after(KTs, Dirs, Ks1, [T], Groups1)
    ).

% The groups whose HAVING condition is true, seen from the group's first tuple (the grouped
% values are the same in all of them) and with its aggregates over all of them.
include_groups([], _, _, []).
include_groups([Ks-Ts|Groups0], Having, Db, Groups) :-
    Ts = [First|_],
    truth(Having, [group(Ts)|First], Db, T),
    (   decided(T #= 2), Groups = [Ks-Ts|Groups1]
    ;   decided(T #< 2), Groups = Groups1
    ),
    include_groups(Groups0, Having, Db, Groups1).

group_row(Keys, Items, Db, Vs-Tuples, Row) :- maplist(group_item(Keys, Vs, Tuples, Db), Items, Row).
group_item(Keys, Vs, Tuples, Db, Item, Value) :-
    (   nth0(I, Keys, Key), Key == Item -> nth0(I, Vs, Value)
    ;   aggregate(Tuples, Db, Item, Value)
    ).

% DISTINCT's equality: NULL equals NULL.
same_value(X, Y) :-
    (   X == null -> Y == null
    ;   Y \== null, value_equal(X, Y)
    ).

% --- Transactions ------------------------------------------------------------------------------

%% commit(+Db, -Committed)
%
%  The snapshot a later rollback/3 returns to: Db itself (a commit changes no data). With
%  auto-commit on, the caller takes a snapshot after every statement.
%
%  ?- S = schema([table(t,[column(a,int(0,9),not_null,none)],[a],[],[],[])]),
%     db:empty(S, Db0), db:execute(insert(t,[a-int(1)]), [], count(1), Db0, Db1), db:commit(Db1, C),
%     db:execute(delete(t,t,true), [], _, Db1, Db2), db:rollback(C, Db2, Db), db:final(Db, F).
%  F = [t-[[1]]].
commit(Db, Db) :-
    must_be_db(Db).

%% rollback(+Committed, +Db0, -Db)
%
%  Db is Db0 with every write made since the snapshot Committed (an earlier Db of this path,
%  from commit/2 or the empty database) undone: a row known at the snapshot gets back its
%  values and status (alive or deleted) of then; a row inserted since is gone; a row
%  materialised since is an initial row that no earlier write touched (their negative
%  constraints say so), so it is alive with its initial values. Everything learnt about the
%  initial database stays: those rows (in their place), every negative constraint, the ids.
%
%  ?- S = schema([table(t,[column(a,int(0,9),not_null,none)],[a],[],[],[])]),
%     db:empty(S, Db0), db:execute(insert(t,[a-int(1)]), [], count(1), Db0, Db1),
%     db:rollback(Db0, Db1, Db), db:final(Db, F).
%  F = [t-[]].
rollback(Committed, Db0, Db) :-
    must_be_db(Committed),
    must_be_db(Db0),
    Committed = db(_, _, _, Saved, _, _),
    Db0 = db(S, M, Id, Ts0, Ns, Q),
    maplist(rolled_back(Saved), Ts0, Ts),
    Db = db(S, M, Id, Ts, Ns, Q).

must_be_db(Db) :-
    (   nonvar(Db), Db = db(_, _, _, _, _, _) -> true ; type_error(db, Db) ).

rolled_back(Saved, Name-Rows0, Name-Rows) :-
    (   memberchk(Name-SavedRows, Saved) -> true ; SavedRows = [] ),
    rolled_back_rows(Rows0, SavedRows, Rows).

rolled_back_rows([], _, []).
rolled_back_rows([row(Id, O, _, _)|Rs], Saved, Out) :-
    (   member(row(Id1, O1, Vs1, S1), Saved), Id1 == Id -> Out = [row(Id, O1, Vs1, S1)|Out1]
    ;   O = initial(I) -> Out = [row(Id, O, I, alive)|Out1]
    ;   Out = Out1
    ),
    rolled_back_rows(Rs, Saved, Out1).

% --- The Db term -------------------------------------------------------------------------------

schema_table(db(Schema, _, _, _, _, _), Name, Table) :-
    schema_tables(Schema, Ts),
    Table = table(Name, _, _, _, _, _),
    (   memberchk(Table, Ts) -> true ; throw(error(existence_error(table, Name), schema_table/3)) ).

% table_rows(+Tables0, +Name, -Rows0, -Tables, +Rows): Tables is Tables0 with Name's rows
% Rows0 replaced by Rows.
table_rows(Ts0, Name, Rows0, Ts, Rows) :-
    append(Before, [Name-Rows0|After], Ts0), !,
    append(Before, [Name-Rows|After], Ts).

alive_rows(db(_, _, _, Ts, _, _), Table, Alive) :-
    memberchk(Table-Rows, Ts),
    include(is_alive, Rows, Alive).
is_alive(row(_, _, _, alive)).

row_values(row(_, _, Vs, _), Vs).

replace_rows(db(S, M, Id, Ts0, Ns, Q), Table, Changed, db(S, M, Id, Ts, Ns, Q)) :-
    table_rows(Ts0, Table, Rows0, Ts, Rows),
    maplist(changed(Changed), Rows0, Rows).
changed(Changed, row(Id, O, Vs, S), Row) :-
    (   memberchk(row(Id, _, _, _), Changed), member(Row, Changed), Row = row(Id, _, _, _) -> true
    ;   Row = row(Id, O, Vs, S)
    ).

% library(lists) of scryer 0.10 has no include/3 and exclude/3.
include(_, [], []).
include(G, [X|Xs], Ys) :-
    (   call(G, X) -> Ys = [X|Ys1] ; Ys = Ys1 ),
    include(G, Xs, Ys1).
exclude(_, [], []).
exclude(G, [X|Xs], Ys) :-
    (   call(G, X) -> Ys = Ys1 ; Ys = [X|Ys1] ),
    exclude(G, Xs, Ys1).
