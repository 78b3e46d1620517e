/* Java's primitive arithmetic over clpz integers (double and float: floating.pl).

   Every int and long value is a clpz integer inside its Java range; results wrap around
   exactly as the JVM's do, division truncates toward zero and the remainder takes the
   dividend's sign. A zero divisor is an exception flag, not a failure, so that the caller can
   follow the path on which the JVM throws.
*/

:- module(jvm, [value/2, arith/5, divide/6, negate/3, convert/4, wrap/3, compare/4, one_base/4,
                guarded/1, composed/2, unbudgeted/1, abandon/0, abandon/1, search_start/1, search_budget/1, stalled/1, at/2, stall/1,
                loop_cut/2, loops_cut/1, labelling/1, labelling/0,
                difference/3, exception_class/2]).

:- use_module(library(clpz)).
:- use_module(library(error)).
:- use_module(library(iso_ext)).
:- use_module(library(atts)).
:- use_module(library(dcgs)).
:- use_module(library(lists)).

% differences(Ds) on a variable A: Ds holds B-D for each D #= A - B an ordering posted.
% wrapped(Type, Base, C) on a variable V: V is Base + C reduced to Type's range (arith/5).
% remainders(Rs) on a variable A: Rs holds D-R for each R #= A rem D by a constant D (divide/6).
:- attribute differences/1, wrapped/3, remainders/1.

%% value(+Type, ?V)
%
%  V is a value of the Java primitive Type (int, long or boolean as 0/1; double or float as
%  floating.pl's units).
%
%  ?- jvm:value(int, X), X #> 2147483646.
%  X = 2147483647.
value(Type, V) :-
    must_be(atom, Type),
    floating(Type), !,
    floating:value(Type, V).
value(Type, V) :-
    range(Type, Min, Max),
    V in Min..Max.

range(int, -2147483648, 2147483647).
range(long, -9223372036854775808, 9223372036854775807).
range(boolean, 0, 1).
range(byte, -128, 127).
range(short, -32768, 32767).
range(char, 0, 65535).

floating(double).
floating(float).

modulus(int, 4294967296).
modulus(long, 18446744073709551616).
modulus(byte, 256).
modulus(short, 65536).
modulus(char, 65536).

%% wrap(+Type, ?Exact, ?Wrapped)
%
%  Wrapped is the mathematical result Exact reduced to Type's two's-complement range, as the
%  JVM does on overflow. When Exact cannot leave the range no constraint is posted. When its
%  bounds allow few multiples of the modulus to be taken off (-1..1 for a sum of two ints),
%  the reduction is linear, Wrapped = Exact - M*K with K among them: clpz propagates bounds
%  through it both ways, where `mod` rules out one value at a time (a key `id + 1` read back
%  as `id`). A wider range (the product of two ints) keeps `mod`.
%
%  ?- jvm:wrap(int, 2147483648, W).
%  W = -2147483648.
wrap(Type, Exact, Wrapped) :-
    range(Type, Min, Max),
    (   fd_inf(Exact, Lo), integer(Lo), Lo >= Min,
        fd_sup(Exact, Hi), integer(Hi), Hi =< Max ->
        Wrapped = Exact
    ;   modulus(Type, M),
        multiples(Exact, Min, M, KLo, KHi) ->
        Wrapped in Min..Max,
        K in KLo..KHi,
        guarded(Wrapped #= Exact - M*K)
    ;   modulus(Type, M),
        guarded(Wrapped #= ((Exact - Min) mod M) + Min)
    ).

% KLo..KHi: the multiples K of the modulus M that Exact's bounds allow Exact - M*K to have
% been reduced by, when they are few (most_multiples/1).
multiples(Exact, Min, M, KLo, KHi) :-
    fd_inf(Exact, Lo), integer(Lo),
    fd_sup(Exact, Hi), integer(Hi),
    KLo is (Lo - Min) div M,
    KHi is (Hi - Min) div M,
    most_multiples(Most),
    KHi - KLo < Most.

% Enough for a sum, difference, negation or quotient (3) and a product by a small constant;
% the product of two symbolic values has billions.
most_multiples(16).

%% arith(+Op, +Type, ?A, ?B, ?R)
%
%  R is A Op B in Java's Type arithmetic, for Op in add, sub, mul.
%
%  ?- jvm:arith(mul, int, 65536, 65536, R).
%  R = 0.
arith(Op, Type, A, B, R) :-
    must_be(atom, Op),
    floating(Type), !,
    floating:arithmetic(Op, Type, A, B, R).
arith(Op, Type, A, B, R) :-
    exact(Op, A, B, E),
    wrap(Type, E, R),
    offset_noted(Op, Type, A, B, R).

% A sum or difference of a value and a constant records its base and offset (wrapped/3), so
% that comparing two values of one base (`x + 1 < start + 2` after `x = start + 1`) is decided
% by their offsets (one_base/4), not by clpz through two wrap-arounds.
offset_noted(Op, Type, A, B, R) :-
    (   var(R), \+ get_atts(R, wrapped(_, _, _)), modulus(Type, M),
        offset_operand(Op, A, B, V, C0), var(V),
        based(Type, V, Base, C1),
        C is C0 + C1, C mod M =\= 0 ->
        range(Type, Min, _),
        Offset is ((C - Min) mod M) + Min,
        put_atts(R, wrapped(Type, Base, Offset))
    ;   true
    ).

offset_operand(add, A, B, A, B) :- integer(B).
offset_operand(add, A, B, B, A) :- integer(A).
offset_operand(sub, A, B, A, C) :- integer(B), C is -B.

% V is Base + C reduced to Type's range: as recorded, else V itself.
based(Type, V, Base, C) :-
    (   get_atts(V, wrapped(Type, Base0, C0)), var(Base0) -> Base = Base0, C = C0
    ;   Base = V, C = 0
    ).

exact(add, A, B, E) :- guarded(E #= A + B).
exact(sub, A, B, E) :- guarded(E #= A - B).
exact(mul, A, B, E) :- guarded(E #= A * B).

%% divide(+Op, +Type, ?A, ?B, ?R, -Ex)
%
%  Op is div or rem. With B = 0, Ex = exc('java.lang.ArithmeticException'); otherwise Ex = ok
%  and R is the truncated quotient (wrapped: MIN / -1 = MIN) or the remainder.
%
%  ?- jvm:divide(div, int, -7, 2, R, Ex).
%  R = -3, Ex = ok.
divide(_, _, _, B, _, exc('java.lang.ArithmeticException')) :-
    guarded(B #= 0).
divide(Op, Type, A, B, R, ok) :-
    guarded(B #\= 0),
    quotient(Op, Type, A, B, R).

quotient(div, Type, A, B, R) :- guarded(E #= A // B), wrap(Type, E, R).
quotient(rem, _, A, B, R) :-
    guarded(R #= A rem B),
    remainders_linked(A, B, R).

% The remainders of one value by constants that divide one another are linked: `year % 400 == 0`
% after `year % 4 != 0` is refuted at once by (year % 400) % 4 = year % 4, where clpz alone
% searches the values of year past any budget. The link holds for Java's remainder, whose sign
% is the dividend's: year = 400q + r, and r % 4 has r's sign, so it is year % 4.
remainders_linked(A, B, R) :-
    (   var(A), integer(B), B =\= 0 ->
        ( get_atts(A, remainders(Rs)) -> true ; Rs = [] ),
        maplist(remainder_linked(B, R), Rs),
        put_atts(A, remainders([B-R|Rs]))
    ;   true
    ).

remainder_linked(B, R, D-R0) :-
    (   B mod D =:= 0 -> guarded(R0 #= R rem D)
    ;   D mod B =:= 0 -> guarded(R #= R0 rem B)
    ;   true
    ).

%% negate(+Type, ?A, ?R)
%
%  ?- jvm:negate(int, -2147483648, R).
%  R = -2147483648.
negate(Type, A, R) :-
    floating(Type), !,
    floating:negated(Type, A, R).
negate(Type, A, R) :-
    guarded(E #= -A),
    wrap(Type, E, R).

%% convert(+From, +To, ?A, ?R)
%
%  Widening to long keeps the value; narrowing to int (byte, short, char) keeps the low 32
%  (8, 16, 16) bits, a char's unsigned; conversions to
%  or from double and float are floating.pl's.
%
%  ?- jvm:convert(long, int, 4294967297, R).
%  R = 1.
convert(From, To, A, R) :-
    must_be(atom, From),
    must_be(atom, To),
    (   ( floating(From) ; floating(To) ) -> floating:converted(From, To, A, R)
    ;   integral_conversion(To, A, R)
    ).

integral_conversion(long, A, A).
integral_conversion(int, A, R) :- wrap(int, A, R).
integral_conversion(byte, A, R) :- wrap(byte, A, R).
integral_conversion(short, A, R) :- wrap(short, A, R).
integral_conversion(char, A, R) :- wrap(char, A, R).

%% compare(+Op, ?A, ?B, +Outcome)
%
%  Posts the constraint that comparison Op (eq, ne, lt, le, gt, ge) of A and B has Outcome
%  (t or f).
%
%  ?- jvm:compare(lt, X, 3, f), X in 0..5.
%  X in 3..5.
%
%  An ordering of two variables is posted on their difference, the same variable each time the
%  two are compared: clpz refutes A #< B, A #>= B only by shrinking both domains one value at
%  a time (a stall on Java ranges), but D #< 0, D #>= 0 at once.
%
%  ?- X in 0..9, Y in 0..9, jvm:compare(lt, X, Y, t), \+ jvm:compare(lt, X, Y, f).
%  X in 0..8, ...
compare(Op, A, B, Outcome) :-
    % A search budget that runs out from here on is the branch's own (within_search_budget/1).
    bb_b_put(hornet_deciding, true),
    (   one_base(A, B, Base, Pieces) ->
        outcome_pieces(Pieces, Op, Outcome, Dom),
        guarded(Base in Dom)
    ;   var(A), var(B), A \== B, ordering(Op) ->
        (   recorded_difference(B, A, D) -> swapped(Op, Op1)
        ;   difference(A, B, D), Op1 = Op
        ),
        outcome(Op1, D, 0, Outcome)
    ;   outcome(Op, A, B, Outcome)
    ),
    bb_b_put(hornet_deciding, false).

%% difference(?A, ?B, -D)
%
%  D is A - B: for two variables the one difference variable of the pair (made and recorded
%  the first time), so that what comparisons posted on it bounds it at once. SQL's `a - b`
%  (db.pl) uses it: `balance - ?` after the Java code compared balance with the amount would
%  otherwise be a new variable whose sign clpz finds only by shrinking domains value by value.
%
%  ?- X in 0..9, Y in 0..9, jvm:compare(ge, X, Y, t), jvm:difference(X, Y, D).
%  D in 0..9, ...
difference(A, B, D) :-
    (   var(A), var(B), A \== B ->
        (   recorded_difference(A, B, D0) -> D = D0
        ;   recorded_difference(B, A, D1) -> guarded(D #= -D1)
        ;   guarded(D #= A - B),
            ( get_atts(A, differences(Ds)) -> true ; Ds = [] ),
            put_atts(A, differences([B-D|Ds]))
        )
    ;   guarded(D #= A - B)
    ).

%% one_base(?A, ?B, -Base, -Pieces)
%
%  A and B are two values of one Base with constant offsets (wrapped/3): Pieces lists
%  piece(Lo, Hi, D), intervals of Base covering its range on each of which A - B is the
%  constant D (an offset wraps around at one end of the range). Fails otherwise.
%
%  ?- jvm:value(int, X), jvm:arith(add, int, X, 1, A), jvm:one_base(A, X, B, Ps), B == X.
%  Ps = [piece(-2147483648,2147483646,1),piece(2147483647,2147483647,-4294967295)], ...
one_base(A, B, Base, Pieces) :-
    var(A), var(B), A \== B,
    (   get_atts(A, wrapped(Type, _, _)) -> true ; get_atts(B, wrapped(Type, _, _)) ),
    based(Type, A, Base, CA),
    based(Type, B, BaseB, CB),
    Base == BaseB,
    range(Type, Min, Max),
    modulus(Type, M),
    shifts(CA, Min, Max, M, ShiftsA),
    shifts(CB, Min, Max, M, ShiftsB),
    findall(piece(Lo, Hi, D),
            ( member(s(LoA, HiA, SA), ShiftsA),
              member(s(LoB, HiB, SB), ShiftsB),
              Lo is max(LoA, LoB), Hi is min(HiA, HiB), Lo =< Hi,
              D is CA + SA - CB - SB ),
            Pieces).

% s(Lo, Hi, S): for Base in Lo..Hi, Base + C reduced to Min..Max is Base + C + S.
shifts(C, Min, Max, M, Shifts) :-
    (   C > 0 -> Top is Max - C, Shifts = [s(Min, Top, 0), s(Top1, Max, S)], Top1 is Top + 1, S is -M
    ;   C < 0 -> Bottom is Min - C, Shifts = [s(Min, Bottom0, M), s(Bottom, Max, 0)], Bottom0 is Bottom - 1
    ;   Shifts = [s(Min, Max, 0)]
    ).

% Dom: the union of the pieces on which comparing A - B = D with 0 by Op has Outcome.
outcome_pieces(Pieces, Op, Outcome, Dom) :-
    findall(Lo..Hi, ( member(piece(Lo, Hi, D), Pieces), piece_outcome(Op, D, Outcome) ), [First|Rest]),
    foldl(union, Rest, First, Dom).

piece_outcome(Op, D, Outcome) :-
    (   holds(Op, D, 0) -> Outcome == t ; Outcome == f ).

union(Interval, Dom, Dom \/ Interval).

outcome(Op, A, B, t) :- guarded(holds(Op, A, B)).
outcome(Op, A, B, f) :- negation(Op, Neg), guarded(holds(Neg, A, B)).

ordering(lt).
ordering(le).
ordering(gt).
ordering(ge).

swapped(lt, gt).
swapped(le, ge).
swapped(gt, lt).
swapped(ge, le).

recorded_difference(A, B, D) :-
    get_atts(A, differences(Ds)),
    member(B0-D, Ds),
    B0 == B,
    !.

% The records are caches: binding the variable needs no check. Residual goals omit the
% differences (removed here, or copy_term/3 would write them as a put_atts/2 goal) and note the
% base and offset again (offset_renoted/4): a caller composing a summary's case then compares
% the case's `id + 2` with its own `id + 3` by their offsets too.
verify_attributes(_, _, []).

attribute_goals(V) -->
    { put_atts(V, -differences(_)), put_atts(V, -remainders(_)) },
    (   { get_atts(V, wrapped(Type, Base, Offset)) } ->
        { put_atts(V, -wrapped(_, _, _)) },
        % Path clauses are loaded into user, where only a called goal can name module jvm.
        [call(jvm:offset_renoted(V, Type, Base, Offset))]
    ;   []
    ).

%% offset_renoted(?V, +Type, ?Base, +Offset)
%
%  V is Base + Offset reduced to Type's range, as arith/5 noted it (offset_noted/5): a
%  summary clause's residual goal notes it again, for one_base/4. The clause's constraints say
%  the same of V; this is the note that lets comparisons read it without clpz.
%
%  ?- jvm:offset_renoted(V, int, X, 1), jvm:one_base(V, X, B, _), B == X.
offset_renoted(V, Type, Base, Offset) :-
    must_be(atom, Type),
    must_be(integer, Offset),
    % A caller's argument `id + 1` as the case's base: V is then id + 1 + Offset.
    (   var(V), var(Base), V \== Base, \+ get_atts(V, wrapped(_, _, _)),
        based(Type, Base, Base1, C1), var(Base1), V \== Base1,
        modulus(Type, M), C is Offset + C1, C mod M =\= 0 ->
        range(Type, Min, _),
        Reduced is ((C - Min) mod M) + Min,
        put_atts(V, wrapped(Type, Base1, Reduced))
    ;   true
    ).

%% guarded(+Goal)
%
%  Propagation can stall on wide domains (cyclic or modular constraints refute one value at a
%  time): every constraint is posted under a budget of inferences. Past it the path is
%  abandoned, and stalled(true) records that paths may be missing. (Delaying the constraint
%  until labelling instead keeps every path but lets infeasible ones multiply.) Each call is
%  also where the search's own budget (search_budget/1) is enforced.
%
%  ?- X in 0..9, jvm:guarded(X #> 5).
%  X in 6..9.
guarded(Goal) :-
    guarded(Goal, 200000, _).

%% composed(+Cases, +Goal)
%
%  guarded/1 for a callee's summary case, Goal, one of the callee's Cases cases: its clause
%  posts at once the residual constraints of every operation on the callee's path, each of
%  which inline execution posts under a budget of its own (a `trim()` tested against a literal
%  leaves some 250 goals, which take more inferences to post again than guarded/1 allows one
%  constraint). Its budget is that of composed_operations/1 operations for each case of the
%  callee: one budget covers every clause Goal tries (call_with_inference_limit/3 counts across
%  redo), and a callee with string operations has several cases of some thousand goals each
%  (they constrain every code a string may have), which a fixed budget cut when composed per
%  row of a loop. The glue clause calling it (src/clp/translate.rs) counted the cases. What
%  composing takes does not count against the search's budget (search_budget/1) either: it is
%  as much work as the callee's own operations inline, each budgeted where posted.
%
%  ?- X in 0..9, jvm:composed(1, X #> 5).
%  X in 6..9.
composed(Cases, Goal) :-
    must_be(integer, Cases),
    composed_operations(N),
    Budget is 200000 * N * max(1, Cases),
    composing_since,
    (   guarded(Goal, Budget, summary),
        composing_excused,
        % Redone after the caller's path: composing the next case starts here.
        ( true ; composing_since, false )
    ;   composing_excused,
        false
    ).

%% unbudgeted(:Goal)
%
%  Goal, once, with the inferences it takes not counted against the search's budget
%  (search_budget/1): bookkeeping a path does for others, not a search for it. A database
%  method's entry clause copies each path's case with every row value and its constraints for
%  the clause callers compose (jdbc:composable/3); with strings the code trimmed and compared,
%  that copy alone overran the budget of finding the next path.
%
%  ?- jvm:unbudgeted(X = 1).
%  X = 1.
unbudgeted(Goal) :-
    composing_since,
    once(Goal),
    composing_excused.

% The inference count where composing a case started (or was redone); compositions do not
% nest (a case clause holds constraints only), so one place holds it.
composing_since :-
    '$inference_count'(Now),
    bb_put(hornet_composing_since, Now).

% The search's deadline moved by what composing took since composing_since/0.
composing_excused :-
    '$inference_count'(Now),
    bb_get(hornet_composing_since, Since),
    (   bb_get(hornet_deadline, Deadline0), integer(Deadline0) ->
        Deadline is Deadline0 + Now - Since,
        bb_put(hornet_deadline, Deadline)
    ;   true
    ).

% src/testgen/budget.rs says how many inferences that is.
composed_operations(8).

% Kind: what a stall there is reported as (stall/1), or unbound for the kind of Goal.
guarded(Goal, Budget, Kind) :-
    within_search_budget(Goal),
    call_with_inference_limit(Goal, Budget, R),
    (   R == inference_limit_exceeded ->
        bb_put(hornet_stalled, true),
        (   var(Kind) -> goal_kind(Goal, Kind) ; true ),
        stall_noted(solving(Kind)),
        false
    ;   true
    ).

%% abandon
%
%  Abandons the path as an exhausted budget does, for what the model cannot follow: it fails,
%  stalled(true) records that paths may be missing, and stall/1 tells where (Why model).
%
%  ?- jvm:stalled(false), ( jvm:abandon ; true ), jvm:stall(S).
%  S = stall(model, none).
abandon :-
    abandon(model).

%% abandon(+Why)
%
%  abandon/0 for a reason stall/1 tells: model (what the model cannot follow), or engines (the
%  engines the tests run on, H2 and PostgreSQL, behave differently there: db:engine/2).
%
%  ?- jvm:stalled(false), ( jvm:abandon(engines) ; true ), jvm:stall(S).
%  S = stall(engines, none).
abandon(Why) :-
    must_be(atom, Why),
    bb_put(hornet_stalled, true),
    stall_noted(Why),
    false.

%% loop_cut(+Method, +Loop)
%
%  A path reached iteration k + 1 of loop Loop (its LoopId) of Method and is cut by the
%  bound: fails, and loops_cut/1 lists the loop (once) until the next search_start/1.
%
%  ?- jvm:search_start(1000), ( jvm:loop_cut('A.f(int)', 0) ; true ), jvm:loops_cut(Ls).
%  Ls = ['A.f(int)'-0].
loop_cut(Method, Loop) :-
    must_be(atom, Method),
    must_be(integer, Loop),
    (   bb_get(hornet_loops_cut, Cut0) -> true ; Cut0 = [] ),
    (   memberchk(Method-Loop, Cut0) -> true
    ;   bb_put(hornet_loops_cut, [Method-Loop|Cut0])
    ),
    false.

%% loops_cut(-Loops)
%
%  The loops where the bound cut a path since the last search_start/1, as Method-LoopId
%  pairs, first cut first.
%
%  ?- jvm:search_start(1000), jvm:loops_cut(Ls).
%  Ls = [].
loops_cut(Loops) :-
    (   bb_get(hornet_loops_cut, Loops0) -> reverse(Loops0, Loops) ; Loops = [] ).

goal_kind(Goal, Kind) :-
    (   Goal = holds(_, _, _) -> Kind = comparison
    ;   Goal = db:_ -> Kind = sql
    ;   Kind = arithmetic
    ).

%% at(+Method, +Branch)
%
%  The path is about to decide branch Branch (its BranchId) of Method: a budget that runs out
%  from here until the next branch is reported there.
%
%  ?- jvm:at('A.f(int)', 0), jvm:stalled(false), jvm:stall(S).
%  S = none.
% Undone on backtracking, so that it is always a branch of the path being searched.
at(Method, Branch) :- bb_b_put(hornet_at, at(Method, Branch)).

% The first budget overrun of a search, with the branch last reached.
stall_noted(Why) :-
    (   bb_get(hornet_stall, stall(_, _)) -> true
    ;   (   bb_get(hornet_at, At) -> true ; At = none ),
        bb_put(hornet_stall, stall(Why, At))
    ).

%% stall(-Stall)
%
%  The first budget overrun since the last stalled(false): none, or stall(Why, Where) with Why
%  search (finding the next path took more than the search budget, deciding the branch
%  Where), search(Kind) (the same, in the SQL or arithmetic that follows the branch Where:
%  Kind sql or arithmetic), solving(Kind) (one
%  constraint's propagation stalled: Kind comparison, sql or arithmetic; summary, a callee's
%  composed case: composed/2), model (abandon/0:
%  the path needs what the model does not follow) or engines (abandon/1: H2 and PostgreSQL
%  differ there), Where at(Method, Branch), the branch last
%  reached, or none.
%
%  ?- jvm:stalled(false), jvm:stall(S).
%  S = none.
stall(Stall) :-
    (   bb_get(hornet_stall, Stall0) -> Stall = Stall0 ; Stall = none ).

%% labelling(:Goal)
%
%  Runs Goal once as labelling (labelling/0 holds meanwhile): choices the path search must not
%  make, since each would be a path of its own, labelling may make as it likes. The path
%  search it runs in (explore:cases/4 labels each path where it finds it) is as before: no
%  search budget counts Goal's inferences, and an overrun of Goal's own budgets is Goal's
%  outcome (an unknown path), not the search's stall (stalled/1, stall/1).
%
%  ?- jvm:labelling(jvm:labelling).
labelling(Goal) :-
    search_record(Record),
    % The flag is cleared however Goal ends, an exception included: a path search after it
    % must not make labelling's choices.
    setup_call_cleanup(( bb_put(hornet_labelling, true), bb_put(hornet_deadline, none) ),
                       once(Goal),
                       ( bb_put(hornet_labelling, false), search_record_restored(Record) )).

% What the path search has recorded of its budget and overruns.
% (The branch reached, at/2's, is not: labelling runs no branch.)
search_record(record(Deadline, Stalled, Stall, Overruns)) :-
    maplist(bb_value, [hornet_deadline, hornet_stalled, hornet_stall, hornet_overruns],
            [Deadline, Stalled, Stall, Overruns]).

search_record_restored(record(Deadline, Stalled, Stall, Overruns)) :-
    maplist(bb_restored, [hornet_deadline, hornet_stalled, hornet_stall, hornet_overruns],
            [Deadline, Stalled, Stall, Overruns]).

bb_value(Key, Value) :- ( bb_get(Key, Value0) -> Value = some(Value0) ; Value = unset ).

bb_restored(Key, Value) :- ( Value = some(Value0) -> bb_put(Key, Value0) ; true ).

%% labelling
%
%  True while labelling/1 runs its goal (explore:cases/4's labelling of a path's values).
%
%  ?- \+ jvm:labelling.
labelling :-
    bb_get(hornet_labelling, true).

%% search_budget(+Budget)
%
%  From now on, finding the next path may take Budget inferences (an integer), or any number
%  (none). Past them, the next guarded/1 call abandons its branch, stalled(true) is recorded
%  and the search goes on with a fresh Budget; after max_overruns/1 such overruns every
%  guarded/1 call fails, which ends the search. Called again after each path is found.
%
%  This is not a call_with_inference_limit/3 around the search: scryer 0.10 enforces only the
%  innermost of nested limits, and guarded/1 nests one inside.
%
%  ?- jvm:search_budget(1000000), jvm:search_budget(none).
search_budget(Budget) :-
    (   Budget == none ->
        bb_put(hornet_deadline, none)
    ;   must_be(integer, Budget),
        '$inference_count'(Now),
        Deadline is Now + Budget,
        bb_put(hornet_budget, Budget),
        bb_put(hornet_deadline, Deadline)
    ).

%% search_start(+Budget)
%
%  Starts a search: no path abandoned yet, no overrun, no loop cut, and search_budget(Budget).
search_start(Budget) :-
    stalled(false),
    bb_put(hornet_loops_cut, []),
    bb_put(hornet_overruns, 0),
    search_budget(Budget).

max_overruns(8).

% Goal is the constraint about to be posted: past the deadline, the overrun is noted as the
% branch's own while compare/4 decides it (search), else as the SQL or arithmetic the path
% runs after it (search(sql), search(arithmetic)).
within_search_budget(Goal) :-
    (   bb_get(hornet_deadline, Deadline), integer(Deadline) ->
        '$inference_count'(Now),
        (   Now =< Deadline -> true
        ;   bb_put(hornet_stalled, true),
            (   bb_get(hornet_deciding, true) -> Why = search
            ;   goal_kind(Goal, comparison) -> Why = search
            ;   goal_kind(Goal, Kind), Why = search(Kind)
            ),
            stall_noted(Why),
            bb_get(hornet_overruns, K0),
            K is K0 + 1,
            bb_put(hornet_overruns, K),
            max_overruns(Max),
            (   K < Max -> bb_get(hornet_budget, Budget), search_budget(Budget) ; true ),
            false
        )
    ;   true
    ).

%% stalled(-Stalled)
%
%  Stalled is true if a path was abandoned since the last stalled(false) call, which
%  resets the record.
%
%  ?- jvm:stalled(false), jvm:stalled(S).
%  S = false.
stalled(Stalled) :-
    (   Stalled == false ->
        bb_put(hornet_stalled, false),
        bb_put(hornet_stall, none),
        bb_put(hornet_at, none)
    ;   bb_get(hornet_stalled, Stalled0) -> Stalled = Stalled0
    ;   Stalled = false
    ).

holds(eq, A, B) :- A #= B.
holds(ne, A, B) :- A #\= B.
holds(lt, A, B) :- A #< B.
holds(le, A, B) :- A #=< B.
holds(gt, A, B) :- A #> B.
holds(ge, A, B) :- A #>= B.

negation(eq, ne).
negation(ne, eq).
negation(lt, ge).
negation(le, gt).
negation(gt, le).
negation(ge, lt).

%% exception_class(+Exception, -Class)
%
%  The class of an exception value: the class itself (an atom), or the name of a compound
%  that also carries what the exception tells (an SQLException's violation).
%
%  ?- jvm:exception_class('java.sql.SQLException'(unique), C).
%  C = 'java.sql.SQLException'.
exception_class(Exception, Class) :-
    (   atom(Exception) -> Class = Exception
    ;   compound(Exception) -> functor(Exception, Class, _)
    ;   must_be(atom, Exception)
    ).
