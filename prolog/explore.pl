/* Path enumeration and labelling: the driver that the engine calls for a method.

   An entry predicate Entry(Inputs, Ret, Ex, Events) enumerates the method's paths (the
   translation generates it). For each path the inputs are labelled with small values, widening
   the search only when no small solution exists, and the path is written as one line of text,
   so that no non-ground term ever crosses into Rust.
*/

:- module(explore, [paths/3]).

:- use_module(library(clpz)).
:- use_module(library(lists)).
:- use_module(library(iso_ext)).
:- use_module(library(format)).
:- use_module(library(dcgs)).
:- use_module(library(error)).

%% paths(+Entry, +Budget, -Text)
%
%  Text holds one line per path of Entry, each a term followed by a full stop:
%  path(Inputs, Outcome, Events) with Outcome = return(V), return or throw(Class);
%  infeasible(Events) when no input satisfies the path; unknown(Events) when labelling ran out
%  of Budget inferences; and a final budget_exhausted when finding the next path did.
%
%  ?- explore:paths(my_entry, 1000000, Text).
paths(Entry, Budget, Text) :-
    must_be(atom, Entry),
    must_be(integer, Budget),
    findall(Line, path_line(Entry, Budget, Line), Lines),
    append(Lines, Text).

path_line(Entry, Budget, Line) :-
    call_with_inference_limit(call(user:Entry, Inputs, Ret, Ex, Events), Budget, R),
    (   R == inference_limit_exceeded ->
        Term = budget_exhausted
    ;   labelled_path(Inputs, Ret, Ex, Events, Budget, Term)
    ),
    phrase(format_("~q.~n", [Term]), Line).

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
