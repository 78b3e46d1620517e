/* Path enumeration and labelling: the driver that the engine calls for a method.

   cases/4 enumerates the paths of a method's entry predicate (which the translation
   generates) and writes each as a clause holding its constraints: the method's summary. Each
   path is labelled where it is found, its inputs given small values, widening the search only
   when no small solution exists; the search's budget does not count labelling, which has
   budgets of its own (jvm:labelling/1). Only text crosses into Rust, never a non-ground term.
*/

:- module(explore, [cases/4]).

:- use_module(library(clpz)).
:- use_module(library(lists)).
:- use_module(library(iso_ext)).
:- use_module(library(format)).
:- use_module(library(dcgs)).
:- use_module(library(error)).
:- use_module(library(charsio)).
:- use_module(library(assoc)).
:- use_module(library(pairs)).
:- use_module(library(ordsets)).

%% cases(+Entry, +Budget, +CaseName, -Text)
%
%  Text holds a clause `CaseName(Inputs, Ret, Ex, Events) :- Constraints.` per path of the
%  entry predicate Entry(Inputs, Ret, Ex, Events) of module user, one per line, each followed
%  by its lines `%% shown` (case_clause/7), `%% composed` (composed_clause/3) and
%  `%% labelled` (labelled_line/7: the path labelled), then a
%  line `%% loops_cut Loops` when the bound cut paths (jvm:loops_cut/1), and a last line
%  `%% budget_exhausted Stall` when finding a next path took more than Budget inferences
%  (the branch where that happened is abandoned, see jvm:search_budget/1) or a path was
%  abandoned because the propagation of one of its constraints stalled (see jvm:guarded/1);
%  Stall (jvm:stall/1) says why and at which branch the first overrun happened.
%
%  ?- explore:cases('$entry A.f(int)', 1000000, c, Text).
cases(Entry, Budget, CaseName, Text) :-
    must_be(atom, Entry),
    must_be(integer, Budget),
    must_be(atom, CaseName),
    jvm:search_start(Budget),
    findall(Clause-Shown, path_case(Entry, Budget, CaseName, Clause, Shown), Cases1),
    jvm:search_budget(none),
    % A composed database method's cases that differ only in its own database (which key of
    % its fixture a write clashed with, say) give the same path of the caller twice, once per
    % case, as the caller's database makes each of them happen: one is kept (the clause
    % decides; what is shown of the database may differ).
    distinct_cases(Cases1, Cases0),
    case_lines(Cases0, Lines0),
    jvm:loops_cut(Cut),
    (   Cut == [] -> Lines1 = Lines0
    ;   phrase(format_("%% loops_cut ~q~n", [Cut]), CutNote),
        append(Lines0, [CutNote], Lines1)
    ),
    (   jvm:stalled(true) ->
        jvm:stall(Stall),
        phrase(format_("%% budget_exhausted ~q~n", [Stall]), Note),
        append(Lines1, [Note], Lines)
    ;   Lines = Lines1
    ),
    append(Lines, Text).

% The last of equal clauses is kept, as before shown lines were split from clauses.
distinct_cases([], []).
distinct_cases([C-S|Cs], Out) :-
    (   memberchk(C-_, Cs) -> Out = Out1 ; Out = [C-S|Out1] ),
    distinct_cases(Cs, Out1).

case_lines([], []).
case_lines([C-S|Cs], [Line|Lines]) :-
    append(C, S, Line),
    case_lines(Cs, Lines).

path_case(Entry, Budget, CaseName, Clause, Shown) :-
    call(user:Entry, Inputs, Ret, Ex, Events0),
    composable_taken(Events0, Events, Composable),
    case_clause(CaseName, Inputs, Ret, Ex, Events, Clause, Shown0),
    composed_clause(CaseName, Composable, Composed),
    labelled_line(CaseName, Inputs, Ret, Ex, Events, Budget, Labelled),
    append([Shown0, Composed, Labelled], Shown),
    jvm:search_budget(Budget).

% The events without composable/3 (jdbc:composable/3), and what it holds (none when the path
% has none: it used no database).
composable_taken(Events0, Events, Composable) :-
    (   append(Before, [Composable|After], Events0), Composable = composable(_, _, _) ->
        append(Before, After, Events)
    ;   Events = Events0, Composable = none
    ).

%% composed_clause(+Name, +Composable, -Text)
%
%  For a path that used the database, the line `%% composed Clause.`: its case as callers
%  compose it, taken before the path's end decided what it left open (jdbc:composable/3:
%  Composable is composable([Inputs, Ret, Ex, Events], Rows, Goals)), without its own
%  database, whose rows a caller's replay of the JDBC calls finds again in its own database
%  (jdbc:replay/6), and so without the constraints on those rows: the SQL that posted them
%  runs again on the caller's rows and posts them there. The Java code sees the database only
%  through its JDBC calls' results, which the clause keeps with their constraints. Cases that
%  differ only in their own database (which rows a COUNT counted, say) are then the same
%  clause, which callers load once: each would give every one of the caller's paths again.
%  Empty for other paths.
composed_clause(none, _, []) :- !.
composed_clause(_, none, []) :- !.
composed_clause(Name, composable([Inputs, Ret, Ex, Events], RowValues, Goals0), Text) :-
    Copy =.. [Name, Inputs, Ret, Ex, Events],
    term_variables(Copy, Kept),
    term_variables(RowValues, DatabaseVars),
    exclude_vars(DatabaseVars, Kept, Rows),
    without_goals_on(Goals0, Rows, Goals1),
    phrase(strings_in(Copy), Strings),
    foldl(lazy_string, Strings, Copy-Goals1, Lazy-Goals2),
    without_free_variables(Goals2, Lazy, Goals),
    list_goal(Goals, Body),
    term_variables(Lazy-Body, Vars),
    variable_names(Vars, 0, Names),
    write_term_to_chars((Lazy :- Body), [quoted(true), variable_names(Names)], Cs),
    append(["%% composed ", Cs, ".\n"], Text).

%% labelled_line(+Name, ?Inputs, ?Ret, ?Ex, +Events, +Budget, -Text)
%
%  For a path just found (Events with db_shown/2), the line `%% labelled Term.`: path(Inputs,
%  Outcome, Events) with Outcome = return(V), return or throw(Class); infeasible(Events) when
%  no input satisfies it; unknown(Events) when labelling ran out of Budget inferences per
%  attempt. Labelled where the search found it, with its constraints as they are, and undone
%  after: posting the path's clause again to label it took as many inferences as labelling (a
%  database case's strings and reified conditions, some 100000 per path). Empty without a
%  case name, as case_clause/7 is.
%
%  ?- X in 0..3, X #> 1, explore:labelled_line(c, [X], X, ok, [], 1000000, T), atom_codes(A, T).
%  A = '%% labelled path([2],return(2),[]).\n'.
labelled_line(none, _, _, _, _, _, []) :- !.
labelled_line(_, Inputs, Ret, Ex, Events0, Budget, Text) :-
    database_shown(Events0, Events, _),
    findall(Line,
            ( jvm:labelling(explore:labelled_path(Inputs, Ret, Ex, Events, Budget, Term)),
              % What format_/2's ~q writes, without its parsing of the format per path
              % (some 6000 inferences a path).
              write_term_to_chars(Term, [quoted(true), numbervars(true)], Chars),
              append(["%% labelled ", Chars, ".\n"], Line) ),
            [Text]).

%% case_clause(+Name, ?Inputs, ?Ret, ?Ex, +Events, -Clause, -Shown)
%
%  The path as a clause with its residual constraints, variables named A, B, ..., and the
%  line `%% shown Shown.` (shown/4), what `hornet summaries` shows of it, with the same
%  variable names. The event db_shown(Absent, Tables) (jdbc:shown/2) goes to the shown line
%  only: the clause, which callers compose, is the same with or without it.
case_clause(none, _, _, _, _, [], []) :- !.
case_clause(Name, Inputs, Ret, Ex, Events0, Cs, Text) :-
    database_shown(Events0, Events, Database),
    Head =.. [Name, Inputs, Ret, Ex, Events],
    copy_term(Head, Copy, Goals00),
    db:residual_goals(Goals00, Goals0),
    % The same copy of the head's variables in the shown database (its own ones are fresh),
    % without their attributes' goals, which the first copy has already written.
    copy_term_nat(Head-Database, Copy-CDatabase),
    without_free_differences(Goals0, Copy, Goals),
    list_goal(Goals, Body),
    Copy =.. [_, CInputs, CRet, _, CEvents],
    visible(CInputs, CRet, CEvents, CVisible),
    maplist(unqualified, Goals, Plain),
    shown([CVisible, CDatabase], CDatabase, Plain, Shown),
    % Named through variable_names/1, not numbervars/3: scryer 0.10 writes a '$VAR' term that a
    % list holds twice as `...` the second time.
    term_variables(Copy-Body-CDatabase, Vars),
    variable_names(Vars, 0, Names),
    write_term_to_chars((Copy :- Body), [quoted(true), variable_names(Names)], Cs0),
    write_term_to_chars(Shown, [quoted(true), variable_names(Names)], Ss),
    append(Cs0, ".\n", Cs),
    append(["%% shown ", Ss, ".\n"], Text).

% The events without db_shown/2, and what it holds (db([], []) when the path has none).
database_shown(Events0, Events, db(Absent, Tables)) :-
    (   append(Before, [db_shown(Absent, Tables)|After], Events0) -> append(Before, After, Events)
    ;   Events = Events0, Absent = [], Tables = []
    ).

%% without_free_differences(+Goals0, +Head, -Goals)
%
%  Goals0 without the constraints `X #\= E` whose X occurs in no other goal than its domain,
%  which has more than one value, nor in Head: such a constraint always holds for some X. A
%  composed database method's own database leaves them (a row of its fixture whose key differs
%  from an input); without them, two of its cases that give the caller the same path are the
%  same clause (cases/4 keeps one).
%
%  ?- X in 0..9, explore:without_free_differences([clpz:(X #\= Y), clpz:(X in 0..9)], f(Y), Gs).
%  Gs = [].
without_free_differences(Goals0, Head, Goals) :-
    term_variables(Head, Kept),
    free_differences(Goals0, Goals0, Kept, Dropped),
    exclude_goals(Goals0, Dropped, Goals).

free_differences([], _, _, []).
free_differences([G|Gs], All, Kept, Dropped) :-
    (   unqualified(G, D), difference(D, X),
        \+ var_member(X, Kept),
        goals_with(All, X, With),
        free_domain(With, D, X, Domain) ->
        append([G|Domain], Dropped1, Dropped)
    ;   Dropped = Dropped1
    ),
    free_differences(Gs, All, Kept, Dropped1).

difference(X #\= Y, X) :- var(X), ( var(Y) -> true ; integer(Y) ).
difference(Y #\= X, X) :- var(X), var(Y).

goals_with([], _, []).
goals_with([G|Gs], X, With) :-
    term_variables(G, Vs),
    (   var_member(X, Vs) -> With = [G|With1] ; With = With1 ),
    goals_with(Gs, X, With1).

% X's goals are the difference and, at most, a domain of more than one value.
free_domain(With, D, X, Domain) :-
    (   With = [_] -> Domain = []
    ;   With = [A, B],
        (   unqualified(A, D1), D1 == D -> Other = B ; Other = A ),
        unqualified(Other, (Y in Dom)), Y == X,
        dom_ranges(Dom, Ranges), more_than_one(Ranges),
        Domain = [Other]
    ).

more_than_one([r(L, H)|Rs]) :- ( Rs = [_|_] -> true ; L \== H ).

exclude_goals([], _, []).
exclude_goals([G|Gs], Dropped, Out) :-
    (   memberchk_eq(G, Dropped) -> Out = Out1 ; Out = [G|Out1] ),
    exclude_goals(Gs, Dropped, Out1).

memberchk_eq(X, [Y|Ys]) :- ( X == Y -> true ; memberchk_eq(X, Ys) ).

%% lazy_string(+String, +Term0-Goals0, -Term-Goals)
%
%  A string s(Len, Codes) of Term0 whose codes only their padding constrains (each in
%  0\/32..126, nonzero exactly within Len: strings:codes/2) is as it was before an operation
%  needed its codes, which a composed database case's own SQL did: Term has it as s(Len, C)
%  with C a fresh variable, and Goals loses the padding, which a caller posts again if its
%  replayed SQL needs the codes (and where the caller's string is known, does not).
%
%  ?- C in 0\/32..126, explore:lazy_string(s(L, [C]), f(s(L, [C]))-[clpz:(C in 0\/32..126)], T-Gs).
%  T = f(s(L,_A)), Gs = [].
lazy_string(s(Len, Codes), Term0-Goals0, Term-Goals) :-
    (   variable_codes(Codes),
        goals_on(Goals0, Codes, On),
        maplist(padding_goal(Codes), On) ->
        exclude_goals(Goals0, On, Goals),
        lazy_codes(Term0, Codes, Len, _, Term)
    ;   Term = Term0, Goals = Goals0
    ).

% A proper list of variables.
variable_codes(Codes) :-
    nonvar(Codes),
    (   Codes == [] -> true
    ;   Codes = [C|Cs], var(C), variable_codes(Cs)
    ).

goals_on([], _, []).
goals_on([G|Gs], Vars, Out) :-
    term_variables(G, GVars),
    (   member(V, GVars), var_member(V, Vars) -> Out = [G|Out1] ; Out = Out1 ),
    goals_on(Gs, Vars, Out1).

padding_goal(Codes, G) :-
    unqualified(G, U),
    (   U = (C in 0\/32..126) -> true
    ;   U = ((C #\= 0) #<==> B), var(B)
    ),
    var(C), var_member(C, Codes).

% T0 with every s(Len, Codes) replaced by s(Len, Fresh).
lazy_codes(T0, Codes, Len, Fresh, T) :-
    (   var(T0) -> T = T0
    ;   T0 = s(L, Cs), L == Len, Cs == Codes -> T = s(L, Fresh)
    ;   atomic(T0) -> T = T0
    ;   T0 =.. [F|As0], maplist(lazy_codes_of(Codes, Len, Fresh), As0, As), T =.. [F|As]
    ).

lazy_codes_of(Codes, Len, Fresh, T0, T) :- lazy_codes(T0, Codes, Len, Fresh, T).

%% without_goals_on(+Goals0, +Vars, -Goals)
%
%  Goals0 without the goals on any of Vars.
%
%  ?- explore:without_goals_on([clpz:(X #> 1), clpz:(Y #> X)], [Y], Gs).
%  Gs = [clpz:(X#>1)].
without_goals_on([], _, []).
without_goals_on([G|Gs], Vars, Out) :-
    term_variables(G, GVars),
    (   member(V, GVars), var_member(V, Vars) -> Out = Out1 ; Out = [G|Out1] ),
    without_goals_on(Gs, Vars, Out1).

%% without_free_variables(+Goals0, +Head, -Goals)
%
%  Goals0 without the goals of each variable X outside Head that some value of X always
%  satisfies, whatever the other variables are: only differences `X #\= Y` (Y a variable or an
%  integer) and at most a domain constrain X, and the domain has more values than X has
%  differences; or X is the truth value of one reified condition (`C #<==> X`, X in 0..1).
%  Repeated until none is left: the keys of a database's rows, all different and different
%  from an input, go one by one.
%
%  ?- X in 0..9, Y in 0..9, explore:without_free_variables([clpz:(X #\= Y), clpz:(X #\= Z), clpz:(X in 0..9), clpz:(Y in 0..9)], f(Z), Gs).
%  Gs = [].
without_free_variables(Goals0, Head, Goals) :-
    findall(Dropped, free_goals(Goals0, Head, Dropped), [Dropped]),
    without_numbered(Goals0, 0, Dropped, Goals).

% Dropped: the positions (from 0, ascending) of the goals without_free_variables/3 drops. Each
% goal's kind is read once and each variable's goals indexed once; a variable is looked at
% again only when a goal it shares went with another variable: linear in the goals' size for
% the keys of a database's rows, where re-scanning every goal per dropped variable took
% seconds per path. The variables are numbered in a copy (the kept ones all `kept`), so the
% index is an assoc on integers and no attribute of the caller's variables is woken.
free_goals(Goals0, Head, Dropped) :-
    copy_term(Head-Goals0, CHead-CGoals, _),
    goal_kinds(CGoals, 0, Kinds, Occurrences0),
    term_variables(CHead, Kept),
    maplist(=(kept), Kept),
    term_variables(CGoals, Free),
    numbered_variables(Free, 0),
    list_to_assoc(Kinds, KindOf),
    free_occurrences(Occurrences0, Occurrences1),
    keysort(Occurrences1, Occurrences),
    group_pairs_by_key(Occurrences, VariableGoals),
    list_to_assoc(VariableGoals, GoalsOf),
    pairs_keys(VariableGoals, Candidates),
    empty_assoc(None),
    free_worklist(Candidates, GoalsOf, KindOf, None, Removed),
    assoc_to_keys(Removed, Dropped).

numbered_variables([], _).
numbered_variables([V|Vs], N) :- V = N, N1 is N + 1, numbered_variables(Vs, N1).

% The occurrences of numbered (not kept) variables.
free_occurrences([], []).
free_occurrences([X-I|Os0], Os) :-
    (   integer(X) -> Os = [X-I|Os1] ; Os = Os1 ),
    free_occurrences(Os0, Os1).

% Kinds: I-Kind-Vars for the goal at position I, Kind one of diff (a difference of two
% variables or integers), dom(X, Size, Boolean) (X's domain, Boolean true when it is 0..1),
% reif(B) (a reified condition with truth value B) and other; Occurrences: X-I for each
% variable X of that goal.
goal_kinds([], _, [], []).
goal_kinds([G|Gs], I, [I-(Kind-Vars)|Kinds], Occurrences) :-
    unqualified(G, U),
    goal_kind(U, Kind),
    term_variables(G, Vars),
    goal_occurrences(Vars, I, Occurrences, Occurrences1),
    I1 is I + 1,
    goal_kinds(Gs, I1, Kinds, Occurrences1).

goal_kind(U, Kind) :-
    (   U = (A #\= B), ( var(A) ; integer(A) ), ( var(B) ; integer(B) ) -> Kind = diff
    ;   U = (Y in Dom), var(Y), dom_ranges(Dom, Ranges) ->
        ranges_size(Ranges, 0, Size),
        ( Dom == (0..1) -> Boolean = true ; Boolean = false ),
        Kind = dom(Y, Size, Boolean)
    ;   U = (_ #<==> B), var(B) -> Kind = reif(B)
    ;   Kind = other
    ).

goal_occurrences([], _, Os, Os).
goal_occurrences([V|Vs], I, [V-I|Os0], Os) :- goal_occurrences(Vs, I, Os0, Os).

free_worklist([], _, _, Removed, Removed).
free_worklist([X|Xs], GoalsOf, KindOf, Removed0, Removed) :-
    get_assoc(X, GoalsOf, All),
    current_goals(All, Removed0, Current),
    (   Current = [_|_],
        maplist(kind_of(KindOf), Current, Kinds),
        free_kinds(Kinds, X) ->
        foldl(remove, Current, Removed0, Removed1),
        foldl(goal_variables(KindOf), Current, Next0, []),
        free_occurrences_of(Next0, Next),
        append(Next, Xs, Queue)
    ;   Removed1 = Removed0, Queue = Xs
    ),
    free_worklist(Queue, GoalsOf, KindOf, Removed1, Removed).

current_goals([], _, []).
current_goals([I|Is], Removed, Current) :-
    (   get_assoc(I, Removed, _) -> Current = Current1 ; Current = [I|Current1] ),
    current_goals(Is, Removed, Current1).

free_occurrences_of([], []).
free_occurrences_of([X|Xs0], Xs) :-
    (   integer(X) -> Xs = [X|Xs1] ; Xs = Xs1 ),
    free_occurrences_of(Xs0, Xs1).

remove(I, Removed0, Removed) :- put_assoc(I, Removed0, true, Removed).

kind_of(KindOf, I, Kind) :- get_assoc(I, KindOf, Kind-_).

goal_variables(KindOf, I, Vars0, Vars) :-
    get_assoc(I, KindOf, _-Vs),
    append(Vs, Vars, Vars0).

% X is free: only differences and at most one domain constrain it, and the domain has more
% values than X has differences; or X is the truth value of one reified condition, with at most
% the domain 0..1.
free_kinds(Kinds, X) :-
    (   kind_differences(Kinds, X, 0, Differences, unbounded, Size) ->
        ( Size == unbounded -> true ; Size > Differences )
    ;   select(reif(B), Kinds, Domain), B == X,
        (   Domain = [] -> true
        ;   Domain = [dom(Y, _, true)], Y == X
        )
    ).

kind_differences([], _, N, N, Size, Size).
kind_differences([K|Ks], X, N0, N, Size0, Size) :-
    (   K == diff -> N1 is N0 + 1, Size1 = Size0
    ;   K = dom(Y, S, _), Y == X, Size0 == unbounded -> Size1 = S, N1 = N0
    ),
    kind_differences(Ks, X, N1, N, Size1, Size).

% Goals0 without the goals at the positions Dropped (ascending), counting from I.
without_numbered([], _, _, []).
without_numbered([G|Gs], I, Dropped0, Out) :-
    (   Dropped0 = [I|Dropped] -> Out = Out1 ; Dropped = Dropped0, Out = [G|Out1] ),
    I1 is I + 1,
    without_numbered(Gs, I1, Dropped, Out1).

ranges_size([], Size, Size).
ranges_size([r(L, H)|Rs], Size0, Size) :-
    (   integer(L), integer(H), integer(Size0) -> Size1 is Size0 + H - L + 1 ; Size1 = unbounded ),
    ranges_size(Rs, Size1, Size).

%% shown(+Visible, +Database, +Goals, -Shown)
%
%  Shown = shown(Domains, Relations, aux(AuxDomains, AuxRelations), Database): the case's
%  constraints on the values a reader sees (the inputs, the result, the tokens read, the
%  database rows and heap cells before and after), without the auxiliary variables of
%  strings' characters and reified conditions. Domains holds dom(V, Ranges) (r(Low, High), inf
%  and sup for no bound) for each number with a domain; Relations rel(Op, X, Y) (Op eq, ne,
%  lt, le, gt or ge; X and Y sums, differences and products of those numbers and integers),
%  each a residual constraint among them only. A string shows when its characters are known;
%  the constraints on open ones are left out (listing their possible values can take more
%  than the case itself). AuxRelations are the linear equations (rel(eq, X, Y)) and Java's
%  wrap-arounds (rel(mod(M), X, Y): X mod M = Y) that involve other numbers clpz made (clpz
%  posts `balance - amount < 0` as `D + amount #= balance, D in inf.. -1`, and `size + 1` with
%  int wrap-around as four such goals), AuxDomains those numbers' domains: the reader
%  (src/emit/table.rs) eliminates them. Database is the db(Absent, Tables) of jdbc:shown/2.
%
%  ?- X in 1..5, Y #> X, explore:shown([X, Y], db([], []), [X in 1..5, Y in 2..sup, X #< Y], S).
%  S = shown([dom(X,[r(1,5)]),dom(Y,[r(2,sup)])],[rel(lt,X,Y)],aux([],[]),db([],[])).
%
%  The sets of variables are ordered sets (sort/2 of variables none of which is bound meanwhile),
%  so that each membership test is logarithmic: a path of hundreds of goals over hundreds of
%  auxiliary variables (a database case's strings and reified conditions) took a list scan per
%  variable of every goal, some 30000 inferences per path (`discount`'s `markSale`).
shown(Visible, Database, Goals, shown(Domains, Relations, aux(AuxDomains, AuxRelations), Database)) :-
    phrase(strings_in(Visible), Strings),
    term_variables(Strings, Hidden0),
    sort(Hidden0, Hidden),
    term_variables(Visible, All),
    exclude_members(All, Hidden, Numbers0),
    sort(Numbers0, Numbers),
    phrase(domains(Goals, Numbers), Domains),
    phrase(relations(Goals, Numbers), Relations),
    term_variables(Goals, GoalVars),
    exclude_members(GoalVars, Numbers, Auxiliary0),
    exclude_members(Auxiliary0, Hidden, Auxiliary1),
    sort(Auxiliary1, Auxiliary),
    ord_union(Numbers, Auxiliary, Known),
    phrase(auxiliary_relations(Goals, Auxiliary, Known), AuxRelations),
    term_variables(AuxRelations, Used),
    exclude_members(Used, Numbers, UsedAuxiliary0),
    sort(UsedAuxiliary0, UsedAuxiliary),
    phrase(domains(Goals, UsedAuxiliary), AuxDomains).

% The variables of a list that are not in an ordered set, in the list's order.
exclude_members([], _, []).
exclude_members([V|Vs], Set, Out) :-
    (   ord_memberchk(V, Set) -> Out = Out1 ; Out = [V|Out1] ),
    exclude_members(Vs, Set, Out1).

%% auxiliary_relations(+Goals, +Auxiliary, +Known)//
%
%  The linear equations and wrap-arounds of Goals over Known numbers that involve one of the
%  Auxiliary ones (both ordered sets of variables).
%
%  ?- explore:shown([B, I], db([], []), [J+B#=I, J in -9..-1], S).
%  S = shown([],[],aux([dom(J,[r(-9,-1)])],[rel(eq,add(J,B),I)]),db([],[])).
auxiliary_relations([], _, _) --> [].
auxiliary_relations([G|Gs], Auxiliary, Known) -->
    (   { term_variables(G, Vs), Vs = [_|_],
          all_members(Vs, Known),
          member(V, Vs), ord_memberchk(V, Auxiliary),
          auxiliary_relation(G, R) }
    ->  [R]
    ;   []
    ),
    auxiliary_relations(Gs, Auxiliary, Known).

auxiliary_relation(A #= B, rel(mod(M), X, Y)) :-
    nonvar(A), A = (A1 mod M), integer(M), !,
    expression(A1, X),
    expression(B, Y).
auxiliary_relation(A #= B, rel(eq, X, Y)) :-
    expression(A, X),
    expression(B, Y).

% What a reader sees of a case: inputs, result, tokens read, database and heap events.
visible(Inputs, Ret, Events, [Inputs, Ret, Tokens, Database, Heap]) :-
    phrase(tokens_read(Events), Tokens),
    (   append(_, [db(Fixture, Final, Starts)], Events) -> Database = [Fixture, Final, Starts]
    ;   Database = []
    ),
    (   memberchk(heap(Initial, HeapFinal), Events) -> Heap = [Initial, HeapFinal] ; Heap = [] ).

strings_in(T) -->
    (   { var(T) } -> []
    ;   { T = s(_, _) } -> [T]
    ;   { compound(T) } -> { T =.. [_|Args] }, strings_in_list(Args)
    ;   []
    ).
strings_in_list([]) --> [].
strings_in_list([A|As]) --> strings_in(A), strings_in_list(As).

exclude_vars([], _, []).
exclude_vars([V|Vs], Hidden, Out) :-
    (   var_member(V, Hidden) -> Out = Out1 ; Out = [V|Out1] ),
    exclude_vars(Vs, Hidden, Out1).

var_member(V, [W|Ws]) :- ( V == W -> true ; var_member(V, Ws) ).

all_vars_in(T, Numbers) :-
    term_variables(T, Vs),
    all_members(Vs, Numbers).

% Numbers: an ordered set of variables.
all_members([], _).
all_members([V|Vs], Numbers) :- ord_memberchk(V, Numbers), all_members(Vs, Numbers).

domains([], _) --> [].
domains([G|Gs], Numbers) -->
    (   { G = (V in Dom), var(V), ord_memberchk(V, Numbers), dom_ranges(Dom, Ranges) } -> [dom(V, Ranges)]
    ;   []
    ),
    domains(Gs, Numbers).

dom_ranges(D1 \/ D2, Ranges) :- !, dom_ranges(D1, R1), dom_ranges(D2, R2), append(R1, R2, Ranges).
dom_ranges(L..H, [r(L, H)]) :- !.
dom_ranges(N, [r(N, N)]) :- integer(N).

relations([], _) --> [].
relations([G|Gs], Numbers) -->
    (   { all_vars_in(G, Numbers), relation(G, R) } -> [R] ; [] ),
    relations(Gs, Numbers).

relation(G, rel(Op, X, Y)) :-
    G =.. [F, A, B],
    relation_op(F, Op),
    expression(A, X),
    expression(B, Y).

relation_op(#=, eq).
relation_op(#\=, ne).
relation_op(#<, lt).
relation_op(#=<, le).
relation_op(#>, gt).
relation_op(#>=, ge).

expression(V, V) :- var(V), !.
expression(N, N) :- integer(N), !.
expression(A + B, add(X, Y)) :- expression(A, X), expression(B, Y).
expression(A - B, sub(X, Y)) :- expression(A, X), expression(B, Y).
expression(A * B, mul(X, Y)) :- expression(A, X), expression(B, Y).
expression(-A, neg(X)) :- expression(A, X).

% A, B, ..., Z, A1, ..., Z1, A2, ...: the names numbervars/3 would give.
variable_names([], _, []).
variable_names([V|Vs], N, [Name=V|Names]) :-
    Letter is 0'A + N mod 26,
    Round is N // 26,
    (   Round =:= 0 -> Codes = [Letter]
    ;   number_codes(Round, Digits), Codes = [Letter|Digits]
    ),
    atom_codes(Name, Codes),
    N1 is N + 1,
    variable_names(Vs, N1, Names).

% Residual goals come qualified (clpz:(X #= Y)); the clauses are loaded into user, which
% imports clpz, and a qualified goal in a consulted clause body is not called there.
list_goal([], true).
list_goal([G0], G) :- !, unqualified(G0, G).
list_goal([G0|Gs], (G, Rest)) :- unqualified(G0, G), list_goal(Gs, Rest).

unqualified(_:G, G) :- !.
unqualified(G, G).

labelled_path(Inputs, Ret0, Ex, Events0, Budget, Term) :-
    % The JDBC calls recorded for composition (jdbc:invoke/7) are not reported: the database
    % event says what a test needs of them.
    without_calls(Events0, Events1),
    clock_readings(Events1, Events2, Clocks),
    unseen_fields(Inputs-Ret0-Events2, Unseen),
    phrase(tokens_read(Events2), Tokens),
    (   Clocks == [] ->
        Ret = Ret0, Events = Events2,
        database_values(Events, Stored),
        heap_values(Events, Lengths, Fields),
        append([Inputs, Tokens, Lengths, Fields, Stored], Values),
        (   labelled_values(Inputs-Tokens-Fields, Values, Budget, Status) -> true
        ;   Status = infeasible
        )
    ;   clocked_values(Clocks, Inputs-Tokens, Ret0-Events2, Budget, Status, Ret-Events)
    ),
    (   Status == found ->
        outcome(Ret, Ex, Budget, Outcome),
        once(heap:decided(Events, Decided0)),
        maplist(heap_unseen(Unseen), Decided0, Decided),
        Term = path(Inputs, Outcome, Decided)
    ;   Status == infeasible ->
        Term = infeasible(Events)
    ;   Term = unknown(Events)
    ).

% The clock's readings (dates:clock_read/3) and the other events.
clock_readings([], [], []).
clock_readings([E|Es], Others, Clocks) :-
    (   E = clock(C) -> Clocks = [C|Clocks1], Others = Others1
    ;   Others = [E|Others1], Clocks = Clocks1
    ),
    clock_readings(Es, Others1, Clocks1).

%% clocked_values(+Clocks, +Inputs-Tokens, +Ret0-Events0, +Budget, -Status, -Ret-Events)
%
%  Labels a path that read the clock (Clocks, its readings: an input no test sets) so that it
%  holds for every reading of the window (dates:clock_window/2): the path's constraints are
%  posted again with the readings at each corner of the window (clock_ends/2), sharing the
%  test's inputs (arguments, tokens, initial objects and rows), which are then labelled; the
%  constraints are linear, so holding at the corners they hold in between, and every reading
%  must still have the whole window as its domain (else the path decides differently on some
%  day: unknown, the event clock_decides first). A result, final row or field the readings
%  determine is then clock(Low, High), the bounds it has on any day (never a value asserted
%  exactly); the others are labelled. Status is found, unknown (labelling ran out of budget, or
%  the path holds on some days only), or infeasible when no inputs satisfy the path even for
%  one reading.
clocked_values(Clocks, Inputs-Tokens, Ret0-Events0, Budget, Status, Ret-Events) :-
    clocked_inputs(Events0, Inputs, Tokens, Own, Shared),
    (   clock_ends(Clocks, Shared),
        labelled_values(Own, Shared, Budget, Status0) ->
        (   Status0 == found, maplist(whole_window, Clocks) ->
            clock_start(Clocks, Starts),
            clock_marked(Clocks, Starts, Ret0-Events0, Ret1-Events1),
            clocked_outputs(Ret1-Events1, Outputs),
            (   small_values(Outputs, Budget, found), maplist(whole_window, Clocks) ->
                Status = found, Ret = Ret1, Events = Events1
            ;   Status = unknown, Ret = Ret0, Events = [clock_decides|Events0]
            )
        ;   Status0 == found ->
            Status = unknown, Ret = Ret0, Events = [clock_decides|Events0]
        ;   Status = unknown, Ret = Ret0, Events = Events0
        )
    ;   append(Shared, Clocks, Any),
        \+ \+ labelled_values(Own, Any, Budget, _) ->
        Status = unknown, Ret = Ret0, Events = [clock_decides|Events0]
    ;   Status = infeasible, Ret = Ret0, Events = Events0
    ).

% What the test sets: the inputs, the tokens read, the initial objects' lengths and fields,
% the fixture's rows and identity starts.
clocked_inputs(Events, Inputs, Tokens, Inputs-Tokens-Fields, Shared) :-
    (   memberchk(heap(Initial, _), Events) ->
        maplist(object_fields, Initial, Lengthss, FieldLists),
        append(Lengthss, Lengths),
        append(FieldLists, Fields)
    ;   Lengths = [], Fields = []
    ),
    (   append(_, [db(Fixture, _, Starts)], Events) ->
        phrase(tables_values(Fixture), Rows),
        maplist(sequence_start, Starts, StartValues),
        append(Rows, StartValues, Stored)
    ;   Stored = []
    ),
    append([Inputs, Tokens, Lengths, Fields, Stored], Shared).

% The values of the result and of the final objects and rows, labelled after the inputs.
clocked_outputs(Ret-Events, [Ret|Values]) :-
    (   memberchk(heap(_, Final), Events) ->
        maplist(object_fields, Final, Lengthss, FieldLists),
        append(Lengthss, Lengths),
        append(FieldLists, Fields)
    ;   Lengths = [], Fields = []
    ),
    (   append(_, [db(_, FinalRows, _)], Events) -> phrase(tables_values(FinalRows), Rows) ; Rows = [] ),
    append([Lengths, Fields, Rows], Values).

% The path's constraints again over the same Shared values (a fresh copy of everything else),
% once per corner of the readings' window: the readings happen in order, so they range over
% Start =< C1 =< ... =< Ck =< Last, whose corners are the first J readings at Start and the
% others at Last, J = 0..k. Linear constraints that hold at the corners hold in between.
clock_ends(Clocks, Shared) :-
    dates:clock_window(Start, End),
    Last is End - 1,
    term_variables(Shared, Vars0),
    exclude_vars(Vars0, Clocks, Vars),
    clock_corners(Clocks, [], Vars, Start-Last).

clock_corners(Late, Early, Vars, Ends) :-
    clock_corner(Early, Late, Vars, Ends),
    (   Late = [C|Late1] -> append(Early, [C], Early1), clock_corners(Late1, Early1, Vars, Ends)
    ;   true
    ).

clock_corner(Early, Late, Vars, Start-Last) :-
    append(Early, Late, Clocks),
    copy_term(Vars-Clocks, Vars-Copies, Goals),
    length(Early, J),
    length(EarlyCopies, J),
    append(EarlyCopies, LateCopies, Copies),
    maplist(=(Start), EarlyCopies),
    maplist(=(Last), LateCopies),
    maplist(call, Goals).

clock_start(Clocks, Starts) :-
    dates:clock_window(Start, _),
    length(Clocks, N),
    length(Starts, N),
    maplist(=(Start), Starts).

% A reading that may still be any millisecond of the window.
whole_window(C) :-
    dates:clock_window(Start, End),
    Width is End - Start,
    fd_size(C, Size),
    Size == Width,
    fd_inf(C, Inf),
    Inf == Start.

% T with each variable the readings determine replaced by clock(Low, High), its bounds.
clock_marked(Clocks, Starts, T0, T) :-
    (   var(T0) ->
        (   fd_inf(T0, Low), integer(Low), fd_sup(T0, High), integer(High),
            \+ \+ ( Clocks = Starts, integer(T0) ) ->
            T = clock(Low, High)
        ;   T = T0
        )
    ;   compound(T0) ->
        T0 =.. [F|Args0],
        maplist(clock_marked(Clocks, Starts), Args0, Args),
        T =.. [F|Args]
    ;   T = T0
    ).

without_calls([], []).
without_calls([E|Es], Out) :-
    (   E = jdbc(_, _, _, _, _) -> Out = Out1 ; Out = [E|Out1] ),
    without_calls(Es, Out1).

labelled_values(Own, Values, Budget, Status) :-
    (   distinct_first(Own, Values, Budget) -> Status = found
    ;   small_values(Values, Budget, Status)
    ).

% The inputs, fields and elements of the test (not lengths: arrays stay as short as the path
% allows), where the path allows it, get distinct numbers: a test
% whose values differ tells more apart (fill(new int[] {0, 0}, 0) also passes when fill does
% nothing; fill(new int[] {0, 1}, 2) does not). Tried within -16..16 on a quarter of the
% budget; the usual search follows when that fails.
distinct_first(Own, Values, Budget) :-
    \+ ground(Values),
    own_numbers(Own, Numbers),
    term_variables(Numbers, Vs0),
    wide_ones(Vs0, Vs),
    Vs = [_, _|_],
    Quarter is Budget // 4,
    call_with_inference_limit(once(( all_different(Vs), within(Values, 16) )), Quarter, R),
    R \== inference_limit_exceeded.

own_numbers(Inputs-Tokens-Fields, Numbers) :-
    append([Inputs, Tokens, Fields], Own),
    numbers_first(Own, Numbers, _).

% Those with more than two values possible (booleans cannot all differ).
wide_ones([], []).
wide_ones([V|Vs], Ws) :-
    fd_size(V, S),
    (   ( S == sup ; S > 2 ) -> Ws = [V|Ws1] ; Ws = Ws1 ),
    wide_ones(Vs, Ws1).

% The values of a path's database rows (its last event, when it used the database): labelled
% with the inputs, since the test inserts them.
database_values(Events, Values) :-
    (   append(_, [db(Fixture, Final, Starts)], Events) ->
        phrase((tables_values(Fixture), tables_values(Final)), Values0),
        maplist(sequence_start, Starts, StartValues),
        append(Values0, StartValues, Values)
    ;   Values = []
    ).

sequence_start(seq(_, Start), Start).

% The lengths of a path's arrays and the values of its fields and elements (heap.pl's event):
% the test builds the input objects and arrays and checks them all afterwards.
heap_values(Events, Lengths, Values) :-
    (   memberchk(heap(Initial, Final), Events) ->
        append(Initial, Final, Objects),
        maplist(object_fields, Objects, Lengthss, FieldLists),
        append(Lengthss, Lengths),
        append(FieldLists, Values)
    ;   Lengths = [], Values = []
    ).

object_fields(o(_, _, Fields), [], Fields).
object_fields(a(_, _, Length, Elements), [Length], Values) :-
    maplist(heap:pending_values, Elements, Valuess),
    append(Valuess, Values).

%% unseen_fields(+Path, -Unseen)
%
%  The fields of the path's input objects that it never looked at: f(Id, Index) for a field
%  whose value is still an unconstrained variable occurring nowhere in Path (inputs, result,
%  events) but there and in the same object after the call. Any value does there, so a test may
%  take the one a constructor gives; labelling makes them null like any reference it is free
%  to choose.
%
%  ?- explore:unseen_fields([]-r(B)-[heap([o(0, c, [A, B])], [o(0, c, [A, B])])], U).
%  U = [f(0,0)].
unseen_fields(Path, Unseen) :-
    Path = _-_-Events,
    (   memberchk(heap(Initial, Final), Events) ->
        phrase(objects_unseen(Initial, Final-Path), Unseen)
    ;   Unseen = []
    ).

objects_unseen([], _) --> [].
objects_unseen([Object|Objects], Path) -->
    (   { Object = o(Id, _, Fields) } -> fields_unseen(Fields, 0, Id, Path) ; [] ),
    objects_unseen(Objects, Path).

fields_unseen([], _, _, _) --> [].
fields_unseen([V|Vs], N, Id, Final-Path) -->
    (   {   var(V), copy_term(V, _, []),
            memberchk(o(Id, _, After), Final), nth0(N, After, W), W == V,
            occurrences(Path, V, 0, 2)
        } -> [f(Id, N)]
    ;   []
    ),
    { N1 is N + 1 },
    fields_unseen(Vs, N1, Id, Final-Path).

% How many times the variable V occurs in T.
occurrences(T, V, N0, N) :-
    (   T == V -> N is N0 + 1
    ;   compound(T) -> T =.. [_|Args], foldl(occurrences_in(V), Args, N0, N)
    ;   N = N0
    ).

occurrences_in(V, T, N0, N) :- occurrences(T, V, N0, N).

% The labelled heap event names the unseen fields: heap(Initial, Final, Unseen).
heap_unseen(Unseen, E0, E) :-
    (   E0 = heap(Initial, Final) -> E = heap(Initial, Final, Unseen) ; E = E0 ).

% The tokens a path read from its input (state:input/6), which the test supplies.
tokens_read([]) --> [].
tokens_read([E|Es]) --> ( { E = in(V) } -> [V] ; [] ), tokens_read(Es).

tables_values([]) --> [].
tables_values([table(_, Rows)|Ts]) --> rows_values(Rows), tables_values(Ts).
rows_values([]) --> [].
rows_values([Row|Rows]) --> list_values(Row), rows_values(Rows).
list_values([]) --> [].
list_values([V|Vs]) --> [V], list_values(Vs).

outcome(_, exc(Exception), Budget, Outcome) :-
    (   Exception = 'java.sql.SQLException'(Violation) -> Outcome = throw('java.sql.SQLException', Violation)
    ;   compound(Exception), Exception =.. [Class, Message, Cause|Fields], length(Fields, N), N =< 1 ->
        % A `throw new` whose constructor the front end followed: its message (a string of
        % the path, labelled like a result), its cause's class and the fields its getters
        % return are asserted.
        (   Message == unknown -> true ; once(small_values([Message], Budget, found)) ),
        (   Cause == null -> CauseClass = null ; jvm:exception_class(Cause, CauseClass) ),
        (   Fields = [] -> Outcome = throw(Class, Message, CauseClass)
        ;   Fields = [Carried],
            read_back(Carried, Values),
            once(small_values(Values, Budget, found)),
            read_back_fields(Carried, Read),
            Outcome = throw(Class, Message, CauseClass, Read)
        )
    ;   Outcome = throw(Exception)
    ).
outcome(Ret, ok, Budget, Outcome) :-
    (   Ret == void ->
        Outcome = return
    ;   nonvar(Ret), Ret = exception(Exception) ->
        % An exception made as a value and returned: what a test would see thrown.
        outcome(void, exc(Exception), Budget, Made),
        Outcome = return(Made)
    ;   once(small_values([Ret], Budget, found)),
        Outcome = return(Ret)
    ).

% The values of the fields a test reads back through their getters.
read_back([], []).
read_back([f(G, _, V)|Fs], Vs) :-
    (   G \== none, V \== unknown -> Vs = [V|Vs1] ; Vs = Vs1 ),
    read_back(Fs, Vs1).

read_back_fields([], []).
read_back_fields([f(G, T, V)|Fs], Read) :-
    (   G \== none, V \== unknown -> Read = [field(G, T, V)|Read1] ; Read = Read1 ),
    read_back_fields(Fs, Read1).

%% small_values(+Values, +Budget, -Status)
%
%  Labels the values (ints, strings, unbound references), preferring numbers near zero: first
%  all within -16..16, then wider; then the extremes of each type (overflow needs them, and
%  propagation through wrap-around rarely leads there); last the full range. Both the extremes
%  and the full range search everything, so failing there proves the path infeasible. Status
%  is found, or exhausted when the attempts left ran out of budget; fails when the last
%  attempt proved there is none.
small_values(Values, Budget, Status) :-
    (   ground(Values) ->
        Status = found
    ;   bounds(Bounds),
        attempts(Bounds, Values, Budget, given, Status)
    ).

bounds([16, 1024, 1048576, extremes(down), extremes(up), 18446744073709551616]).

% A box around zero that could neither be searched nor refuted within the budget makes the
% wider boxes pointless (they are searched the same way, with more values); the extremes are
% a different search and still get their attempt. Order is the order of the numbers
% (box_labelled/6), first fail for the boxes after one the path's order ran out on.
attempts([B|Bs0], Values, Budget, Order0, Status) :-
    box_labelled(Values, B, Budget, Order0, Order, R),
    (   R == none ->
        Bs0 \== [],
        attempts(Bs0, Values, Budget, Order, Status)
    ;   R == inference_limit_exceeded ->
        extremes(Bs0, Bs),
        (   Bs == [] -> Status = exhausted ; attempts(Bs, Values, Budget, Order, Status) )
    ;   Status = found
    ).

extremes([], []).
extremes([B|Bs], Es) :-
    (   integer(B) -> Es = Es1 ; Es = [B|Es1] ),
    extremes(Bs, Es1).

%% box_labelled(+Values, +Bound, +Budget, +Order0, -Order, -Result)
%
%  One attempt of small_values/3. With Order0 = given, the numbers are labelled in the path's
%  order (arguments first) within a quarter of Budget, and if that runs out, with the fewest
%  values first (first fail) within the rest of it, and Order = first_fail for the next boxes;
%  with Order0 = first_fail, first fail within Budget. Result is none when the box holds no
%  solution, inference_limit_exceeded, or what call_with_inference_limit/3 gives on success
%  (the values are then labelled).
%
%  Neither order suits every path. In the path's order a contradiction among a few small
%  numbers (a length and a size that must be equal and differ) is found again for every value
%  of an argument labelled before them, past any budget, while first fail does it in eight
%  tries. But first fail labels a day of the month (31 values) before a year (130) where the
%  path only rules out the day once the year is known too, 27 days times 130 years, where the
%  path's order is done in 28 tries.
box_labelled(Values, Bound, Budget, Order0, Order, R) :-
    (   Order0 == first_fail ->
        Order = first_fail,
        limited(within(Values, Bound, first_fail), Budget, R)
    ;   Quarter is Budget // 4,
        limited(within(Values, Bound, given), Quarter, R0),
        (   R0 \== inference_limit_exceeded -> Order = given, R = R0
        ;   Order = first_fail,
            Rest is Budget - Quarter,
            limited(within(Values, Bound, first_fail), Rest, R)
        )
    ).

% R is none when Goal fails.
limited(Goal, Budget, R) :-
    (   call_with_inference_limit(once(Goal), Budget, R) -> true ; R = none ).

% Numbers first, then strings and references: a string has many labellings, and a number
% labelled after it that fails would make the search try them all.
within(Values, Bound) :- within(Values, Bound, given).

within(Values, Bound, Order) :-
    numbers_first(Values, Numbers, Others),
    numbers_within(Bound, Order, Numbers),
    maplist(label_value, Others).

numbers_within(extremes(Direction), Order, Numbers) :-
    !,
    term_variables(Numbers, Vs),
    (   Order == first_fail -> Options = [ff] ; Options = [] ),
    (   Direction == down -> labeling([down|Options], Vs) ; labeling(Options, Vs) ).
numbers_within(B, Order, Numbers) :-
    term_variables(Numbers, Vs),
    % Every number in the box before any is labelled: a value that cannot be small fails here
    % at once, not after all the labellings of the values before it.
    NB is -B,
    Vs ins NB..B,
    (   Order == first_fail -> fewest_values_first(Vs, B) ; maplist(near_zero(B), Vs) ).

% First fail: the number with the fewest values left is labelled next (the first of them in
% the path's order on a tie).
fewest_values_first(Vs0, B) :-
    unbound(Vs0, Vs),
    (   Vs = [V0|Vs1] ->
        fd_size(V0, S0),
        fewest_values(Vs1, V0, S0, V),
        near_zero(B, V),
        fewest_values_first(Vs, B)
    ;   true
    ).

unbound([], []).
unbound([V|Vs], Us) :-
    (   var(V) -> Us = [V|Us1] ; Us = Us1 ),
    unbound(Vs, Us1).

fewest_values([], V, _, V).
fewest_values([V1|Vs], V0, S0, V) :-
    fd_size(V1, S1),
    (   S1 < S0 -> fewest_values(Vs, V1, S1, V) ; fewest_values(Vs, V0, S0, V) ).

% A box's value (boxes.pl) and an enum constant's position (enums.pl) are numbers like the
% others; what a present Optional holds is labelled as itself.
numbers_first([], [], []).
numbers_first([V|Vs], Ns, Os) :-
    nonvar(V),
    V = present(H),
    !,
    numbers_first([H|Vs], Ns, Os).
numbers_first([V|Vs], Ns, Os) :-
    (   numeric(V) -> Ns = [V|Ns1], Os = Os1
    ;   nonvar(V), V = box(N) -> Ns = [N|Ns1], Os = Os1
    ;   nonvar(V), V = e(N) -> Ns = [N|Ns1], Os = Os1
    ;   Ns = Ns1, Os = [V|Os1]
    ),
    numbers_first(Vs, Ns1, Os1).

% An int or boolean value: bound, or with a finite domain (references have none).
numeric(V) :-
    (   integer(V) -> true
    ;   var(V), fd_inf(V, L), L \== inf
    ).

% A variable with no domain is a reference the path never looked at: null will do.
label_value(V) :-
    (   var(V) -> strings:label_string(V)
    ;   V = s(_, _) -> strings:label_string(V)
    ;   true
    ).

% Bisection finds the value nearest zero first (lower half first, or upper half with down)
% while letting propagation prune whole halves, which value-by-value enumeration cannot.
%
% The bound nearest zero is tried first: it is the value bisection would reach first, and it
% often holds (a column's lower bound, say), so the halvings on the way to it are saved.
near_zero(B, V) :-
    NB is -B,
    (   V in 0..B, fd_inf(V, Low), ( V = Low ; V #> Low, labeling([bisect], [V]) )
    ;   V in NB.. -1, fd_sup(V, High), ( V = High ; V #< High, labeling([bisect, down], [V]) )
    ).
