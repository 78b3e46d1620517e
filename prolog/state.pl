/* The symbolic state threaded through every translated predicate.

   st(Events, Depth, Session, Heap): Events is the reversed list of what the path did that tests
   and the report care about (branch outcomes, loop iterations); Depth counts the active calls
   inside a recursive component, which the coverage criterion bounds; Session is `none`, or the
   JDBC session of a method that uses the database (its shape is jdbc.pl's business); Heap is
   the objects of the path (its shape is heap.pl's business).
   Translated code never looks inside the term: it goes through these predicates, so the state
   can grow without touching the translation of the code that does not use it.
*/

:- module(state, [initial/1, branch/5, iteration/4, thrown/3, try_entered/3, interrupted/3,
                  enter_recursive/3, leave_recursive/2, events/2, replay/3, replay_composed/5, session/2,
                  with_session/3, input/6, heap/2, with_heap/3, clock/3]).

:- use_module(library(lists)).
:- use_module(library(error)).

%% initial(-S)
%
%  ?- state:initial(S).
%  S = st([],0,none,heap(0,[],[])).
initial(st([], 0, none, heap(0, [], []))).

%% branch(+Method, +Id, +Outcome, +S0, -S)
%
%  Records that branch Id of Method went Outcome (t or f).
%
%  ?- state:initial(S0), state:branch(m, 0, t, S0, S).
%  S0 = st([],0,none,heap(0,[],[])), S = st([br(m,0,t)],0,none,heap(0,[],[])).
branch(M, Id, Outcome, st(Es, D, J, H), st([br(M, Id, Outcome)|Es], D, J, H)) :-
    must_be(integer, Id).

%% iteration(+Method, +Loop, +S0, -S)
%
%  Records one iteration of loop Loop of Method.
iteration(M, L, st(Es, D, J, H), st([it(M, L)|Es], D, J, H)) :-
    must_be(integer, L).

%% thrown(+Method, +S0, -S)
%
%  Records that Method executed a `throw` statement (as opposed to an exception raised by an
%  operation or a callee, which the JVM's coverage probes see differently).
thrown(M, st(Es, D, J, H), st([th(M)|Es], D, J, H)).

%% try_entered(+Method, +S0, -S)
%
%  Records that Method entered the block of a try statement, where the JVM's coverage probes
%  see everything Method did before. The depth tells apart the active calls of a recursive
%  Method.
%
%  ?- state:try_entered(m, st([],1,none,h), S).
%  S = st([tr(m,1)],1,none,h).
try_entered(M, st(Es, D, J, H), st([tr(M, D)|Es], D, J, H)).

%% interrupted(+Method, +S0, -S)
%
%  Records that an exception raised by an operation or a callee (not a `throw` of Method)
%  interrupted Method inside a try statement: the coverage probes may miss what Method did
%  since it last entered a try block, and what the interrupted callees did.
%
%  ?- state:interrupted(m, st([tr(m,0)],0,none,h), S).
%  S = st([ir(m,0),tr(m,0)],0,none,h).
interrupted(M, st(Es, D, J, H), st([ir(M, D)|Es], D, J, H)).

%% enter_recursive(+K, +S0, -S)
%
%  Enters a call inside a recursive component; fails beyond K active calls (the criterion).
%
%  ?- state:enter_recursive(1, st([],1,none,h), S).
%  false.
enter_recursive(K, st(Es, D0, J, H), st(Es, D, J, H)) :-
    must_be(integer, K),
    D is D0 + 1,
    D =< K.

%% leave_recursive(+S0, -S)
leave_recursive(st(Es, D0, J, H), st(Es, D, J, H)) :-
    D is D0 - 1.

%% replay(+Events, +S0, -S)
%
%  Adds a composed callee's events, in order, as if its code had run here: the coverage of a
%  callee counts the paths of its callers' tests too.
%
%  ?- state:replay([br(m,0,t)], st([],0,none,heap(0,[],[])), S).
%  S = st([br(m,0,t)],0,none,heap(0,[],[])).
replay(Events, st(Es0, D, J, H), st(Es, D, J, H)) :-
    must_be(list, Events),
    reverse(Events, Reversed),
    append(Reversed, Es0, Es).

%% replay_composed(+Events, +CaseIO, +CallerIO, +S0, -S)
%
%  replay/3 for a summary case of a method whose inputs or result may be objects: its heap
%  event heap(Initial, Final) is not recorded but composed into the caller's heap
%  (heap:composed/4), matching the case's inputs against the call's. CaseIO is
%  io(Inputs, Out, Receivers) of the case (Receivers: the classes its receiver may have, []
%  for a method without one), CallerIO io(Inputs, Out) of the call, Out being the result and
%  exception.
%
%  ?- state:initial(S0), state:replay_composed([br(m,0,t), heap([], [o(0, c, [])])], io([], r(0)-ok, []), io([], R-Ex), S0, S).
%  R = r(0), Ex = ok, S = st([br(m,0,t)],0,none,heap(1,[o(0,c,[])],[])).
replay_composed(Events, io(CaseInputs, CaseOut, Receivers), io(Inputs, Out), S0, S) :-
    must_be(list, Events),
    (   select(heap(Initial, Final), Events, Others) -> true
    ;   Initial = [], Final = [], Others = Events
    ),
    replay(Others, S0, S1),
    heap:composed(case(Initial, Final, CaseInputs, CaseOut, Receivers), caller(Inputs, Out), S1, S).

%% input(+Call, +Scanner, -Result, +S0, -S, -Ex)
%
%  A java.util.Scanner call. The input is the tokens the path reads, recorded as events: in(V)
%  per token read, in_more when hasNext answered true (a token follows), in_end when the path
%  decided the input ends there (hasNext false, or a read that throws
%  NoSuchElementException). Only int and long tokens are read.
%
%  ?- state:initial(S0), state:input(next_int, scanner, V, S0, S, ok).
%  S = st([in(V)],0,none,heap(0,[],[])), V in -2147483648..2147483647.
input(open_standard_input, _, scanner, S, S, ok) :- !.
input(_, Scanner, void, S, S, exc('java.lang.NullPointerException')) :- Scanner == null, !.
input(close, _, void, S, S, ok).
input(has_next, _, B, S0, S, ok) :-
    lookahead(S0, L),
    (   L == more -> B = 1, S = S0
    ;   L == end -> B = 0, S = S0
    ;   B = 1, noted(in_more, S0, S)
    ;   B = 0, noted(in_end, S0, S)
    ).
input(next_int, _, V, S0, S, Ex) :- token(int, V, S0, S, Ex).
input(next_long, _, V, S0, S, Ex) :- token(long, V, S0, S, Ex).

token(Type, V, S0, S, Ex) :-
    lookahead(S0, L),
    (   L \== end, jvm:value(Type, V), noted(in(V), S0, S), Ex = ok
    ;   L == end, S = S0, Ex = exc('java.util.NoSuchElementException')
    ;   L == unknown, noted(in_end, S0, S), Ex = exc('java.util.NoSuchElementException')
    ).

% What the path knows of the input after the tokens read so far: more, end or unknown.
lookahead(st(Es, _, _, _), L) :-
    (   member(E, Es), input_event(E, L0) -> L = L0 ; L = unknown ).
input_event(in(_), unknown).
input_event(in_more, more).
input_event(in_end, end).

noted(Event, st(Es, D, J, H), st([Event|Es], D, J, H)).

%% clock(?C, +S0, -S)
%
%  Records that the path read the clock, whose reading is C (dates:clock_read/3): an input
%  no test sets, which labelling keeps free (explore.pl).
%
%  ?- state:initial(S0), state:clock(C, S0, S).
%  S = st([clock(C)],0,none,heap(0,[],[])).
clock(C, S0, S) :- noted(clock(C), S0, S).

%% events(+S, -Events)
%
%  The path's events in the order they happened.
events(st(Es, _, _, _), Events) :-
    reverse(Es, Events).

%% session(+S, -Session)  with_session(+S0, +Session, -S)
%
%  The JDBC session in the state, and the state with another one.
%
%  ?- state:initial(S0), state:with_session(S0, x, S), state:session(S, J).
%  J = x.
session(st(_, _, J, _), J).
with_session(st(Es, D, _, H), J, st(Es, D, J, H)).

%% heap(+S, -Heap)  with_heap(+S0, +Heap, -S)
%
%  The heap in the state, and the state with another one.
%
%  ?- state:initial(S0), state:heap(S0, H).
%  H = heap(0,[],[]).
heap(st(_, _, _, H), H).
with_heap(st(Es, D, J, _), H, st(Es, D, J, H)).
