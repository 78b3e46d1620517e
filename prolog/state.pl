/* The symbolic state threaded through every translated predicate.

   st(Events, Depth): Events is the reversed list of what the path did that tests and the
   report care about (branch outcomes, loop iterations); Depth counts the active calls inside
   a recursive component, which the coverage criterion bounds. Translated code never looks
   inside the term: it goes through these predicates, so the state can grow (heap, database)
   without touching the translation of the code that does not use it.
*/

:- module(state, [initial/1, branch/5, iteration/4, thrown/3, try_entered/3, interrupted/3,
                  enter_recursive/3, leave_recursive/2, events/2, replay/3]).

:- use_module(library(lists)).
:- use_module(library(error)).

%% initial(-S)
%
%  ?- state:initial(S).
%  S = st([],0).
initial(st([], 0)).

%% branch(+Method, +Id, +Outcome, +S0, -S)
%
%  Records that branch Id of Method went Outcome (t or f).
%
%  ?- state:initial(S0), state:branch(m, 0, t, S0, S).
%  S0 = st([],0), S = st([br(m,0,t)],0).
branch(M, Id, Outcome, st(Es, D), st([br(M, Id, Outcome)|Es], D)) :-
    must_be(integer, Id).

%% iteration(+Method, +Loop, +S0, -S)
%
%  Records one iteration of loop Loop of Method.
iteration(M, L, st(Es, D), st([it(M, L)|Es], D)) :-
    must_be(integer, L).

%% thrown(+Method, +S0, -S)
%
%  Records that Method executed a `throw` statement (as opposed to an exception raised by an
%  operation or a callee, which the JVM's coverage probes see differently).
thrown(M, st(Es, D), st([th(M)|Es], D)).

%% try_entered(+Method, +S0, -S)
%
%  Records that Method entered the block of a try statement, where the JVM's coverage probes
%  see everything Method did before. The depth tells apart the active calls of a recursive
%  Method.
%
%  ?- state:try_entered(m, st([],1), S).
%  S = st([tr(m,1)],1).
try_entered(M, st(Es, D), st([tr(M, D)|Es], D)).

%% interrupted(+Method, +S0, -S)
%
%  Records that an exception raised by an operation or a callee (not a `throw` of Method)
%  interrupted Method inside a try statement: the coverage probes may miss what Method did
%  since it last entered a try block, and what the interrupted callees did.
%
%  ?- state:interrupted(m, st([tr(m,0)],0), S).
%  S = st([ir(m,0),tr(m,0)],0).
interrupted(M, st(Es, D), st([ir(M, D)|Es], D)).

%% enter_recursive(+K, +S0, -S)
%
%  Enters a call inside a recursive component; fails beyond K active calls (the criterion).
%
%  ?- state:enter_recursive(1, st([],1), S).
%  false.
enter_recursive(K, st(Es, D0), st(Es, D)) :-
    must_be(integer, K),
    D is D0 + 1,
    D =< K.

%% leave_recursive(+S0, -S)
leave_recursive(st(Es, D0), st(Es, D)) :-
    D is D0 - 1.

%% replay(+Events, +S0, -S)
%
%  Adds a composed callee's events, in order, as if its code had run here: the coverage of a
%  callee counts the paths of its callers' tests too.
%
%  ?- state:replay([br(m,0,t)], st([],0), S).
%  S = st([br(m,0,t)],0).
replay(Events, st(Es0, D), st(Es, D)) :-
    must_be(list, Events),
    reverse(Events, Reversed),
    append(Reversed, Es0, Es).

%% events(+S, -Events)
%
%  The path's events in the order they happened.
events(st(Es, _), Events) :-
    reverse(Es, Events).
