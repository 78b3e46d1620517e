/* Path enumeration and labelling: the driver that the engine calls for a method.

   An entry predicate Entry(Inputs, Ret, Ex, Events) enumerates the method's paths (the
   translation generates it). For each path the inputs are labelled with small values, widening
   the search only when no small solution exists, and the path is written as one line of text,
   so that no non-ground term ever crosses into Rust.
*/

:- module(explore, [paths/3, paths/4]).

:- use_module(library(clpz)).
:- use_module(library(lists)).
:- use_module(library(iso_ext)).
:- use_module(library(format)).
:- use_module(library(dcgs)).
:- use_module(library(error)).
:- use_module(library(terms)).
:- use_module(library(pairs)).
:- use_module(library(charsio)).

%% paths(+Entry, +Budget, -Text)
%
%  Text holds one line per path of Entry, each a term followed by a full stop:
%  path(Inputs, Outcome, Events) with Outcome = return(V), return or throw(Class);
%  infeasible(Events) when no input satisfies the path; unknown(Events) when labelling ran out
%  of Budget inferences; and a final budget_exhausted when finding the next path did.
%
%  ?- explore:paths(my_entry, 1000000, Text).
paths(Entry, Budget, Text) :-
    paths(Entry, Budget, none, Text).

%% paths(+Entry, +Budget, +CaseName, -Text)
%
%  As paths/3; unless CaseName is none, Text then goes on with a line `%% cases` and, for
%  every path that is not infeasible, a clause
%  `CaseName(Inputs, Ret, Ex, Events) :- Constraints.` holding the path's residual constraints
%  before labelling: the method's summary, which callers compose instead of re-running it.
paths(Entry, Budget, CaseName, Text) :-
    must_be(atom, Entry),
    must_be(integer, Budget),
    must_be(atom, CaseName),
    findall(Line-Case, path_line(Entry, Budget, CaseName, Line, Case), Pairs),
    pairs_keys_values(Pairs, Lines, Cases),
    append(Lines, PathsText),
    (   CaseName == none ->
        Text = PathsText
    ;   append(Cases, CasesText),
        append(PathsText, "%% cases\n", T0),
        append(T0, CasesText, Text)
    ).

path_line(Entry, Budget, CaseName, Line, Case) :-
    call_with_inference_limit(call(user:Entry, Inputs, Ret, Ex, Events), Budget, R),
    (   R == inference_limit_exceeded ->
        Term = budget_exhausted,
        Case = []
    ;   % The clause keeps the constraints, so it is written before labelling binds them.
        case_clause(CaseName, Inputs, Ret, Ex, Events, Case0),
        labelled_path(Inputs, Ret, Ex, Events, Budget, Term),
        (   Term = infeasible(_) -> Case = [] ; Case = Case0 )
    ),
    phrase(format_("~q.~n", [Term]), Line).

%% case_clause(+Name, ?Inputs, ?Ret, ?Ex, +Events, -Text)
%
%  The path as a clause with its residual constraints, variables named A, B, ...
case_clause(none, _, _, _, _, []) :- !.
case_clause(Name, Inputs, Ret, Ex, Events, Text) :-
    Head =.. [Name, Inputs, Ret, Ex, Events],
    copy_term(Head, Copy, Goals),
    list_goal(Goals, Body),
    % findall/3 copies the text out, leaving the variables unbound for labelling.
    findall(Cs, ( numbervars(Copy-Body, 0, _),
                  write_term_to_chars((Copy :- Body), [quoted(true), numbervars(true)], Cs) ),
            [Cs1]),
    append(Cs1, ".\n", Text).

% Residual goals come qualified (clpz:(X #= Y)); the clauses are loaded into user, which
% imports clpz, and a qualified goal in a consulted clause body is not called there.
list_goal([], true).
list_goal([G0], G) :- !, unqualified(G0, G).
list_goal([G0|Gs], (G, Rest)) :- unqualified(G0, G), list_goal(Gs, Rest).

unqualified(_:G, G) :- !.
unqualified(G, G).

labelled_path(Inputs, Ret, Ex, Events, Budget, Term) :-
    term_variables(Inputs, Vs),
    (   small_values(Vs, Budget, Status) ->
        (   Status == found ->
            outcome(Ret, Ex, Budget, Outcome),
            Term = path(Inputs, Outcome, Events)
        ;   Term = unknown(Events)
        )
    ;   Term = infeasible(Events)
    ).

outcome(_, exc(Class), _, throw(Class)).
outcome(Ret, ok, Budget, Outcome) :-
    (   Ret == void ->
        Outcome = return
    ;   term_variables(Ret, Vs),
        once(small_values(Vs, Budget, found)),
        Outcome = return(Ret)
    ).

%% small_values(+Vs, +Budget, -Status)
%
%  Labels Vs, preferring values near zero: first all within -16..16, then wider. Status is
%  found, or exhausted when every attempt ran out of budget; fails when no attempt found a
%  solution and at least one proved there is none.
small_values([], _, found) :- !.
small_values(Vs, Budget, Status) :-
    bounds(Bounds),
    attempts(Bounds, Vs, Budget, Status).

bounds([16, 1024, 1048576, 4294967296, 18446744073709551616]).

% The last bound is the full range: failing there proves the path infeasible.
attempts([B|Bs], Vs, Budget, Status) :-
    (   call_with_inference_limit(once(within(Vs, B)), Budget, R) ->
        (   R \== inference_limit_exceeded ->
            Status = found
        ;   Bs == [] ->
            Status = exhausted
        ;   attempts(Bs, Vs, Budget, Status)
        )
    ;   Bs \== [],
        attempts(Bs, Vs, Budget, Status)
    ).

within(Vs, B) :-
    maplist(near_zero(B), Vs).

near_zero(B, V) :-
    NB is -B,
    (   V in 0..B, labeling([], [V])
    ;   V in NB.. -1, labeling([down], [V])
    ).
