/* Enums of the sources over clpz.

   A value of an enum is null or e(I), I the position of its constant in the declaration (its
   ordinal). The constants are the only objects of the type, so a reference comparison is a
   comparison of positions. An input stays an unbound variable until an operation needs it;
   then it becomes e(I) with I in -1..N-1, where -1 stands for null, so that giving it a shape
   splits no path: null tests and comparisons are constraints on I, and only what throws on
   null (a method called on it) splits. One the path never looks at is labelled null
   (explore.pl). The operations take Names, the constants' names as strings (strings.pl) in
   declaration order; the translation writes them from the IR's enum type.
*/

:- module(enums, [index/3, canonical/2, compare/5, ordinal/4, name/4, equal/5, compare_to/5, value_of/4,
                  text_of/3, field/5, constant/4]).

:- use_module(library(clpz)).
:- use_module(library(lists)).
:- use_module(library(error)).

%% index(+Names, ?E, -I)
%
%  I is the position of the constant E, -1 when E is null; an unbound E becomes e(I).
%
%  ?- enums:index([s(1,[65|_]), s(1,[66|_])], E, I).
%  E = e(I), I in -1..1.
index(Names, E, I) :-
    must_be(list, Names),
    (   var(E) ->
        length(Names, N),
        Max is N - 1,
        I in -1..Max,
        E = e(I)
    ;   E == null -> I = -1
    ;   E = e(I) -> true
    ;   type_error(enum, E)
    ).

%% canonical(?E, -C)
%
%  C is E with null as e(-1), the form a shaped input takes: a value passed to a composed
%  summary, whose inputs are unbound or shaped, must unify with either. An unbound E stays
%  itself.
%
%  ?- enums:canonical(null, C).
%  C = e(-1).
canonical(E, C) :-
    (   var(E) -> C = E
    ;   E == null -> C = e(-1)
    ;   E = e(_) -> C = E
    ;   type_error(enum, E)
    ).

%% compare(+Names, +Op, ?A, ?B, +Outcome)
%
%  `==` (eq) or `!=` (ne) of two values of the enum (either may be null), Outcome t or f.
%
%  ?- enums:compare([s(1,[65|_]), s(1,[66|_])], eq, E, e(1), f).
%  E = e(I), I in -1..0.
compare(Names, Op, A, B, Outcome) :-
    must_be(atom, Op),
    (   memberchk(Op, [eq, ne]) -> true ; domain_error(reference_operator, Op, compare/5) ),
    index(Names, A, IA),
    index(Names, B, IB),
    jvm:compare(Op, IA, IB, Outcome).

%% ordinal(+Names, ?E, -R, -Ex)
%
%  R is E.ordinal(); Ex is ok, or a NullPointerException flag when E is null.
%
%  ?- enums:ordinal([s(1,[65|_]), s(1,[66|_])], e(1), R, Ex).
%  R = 1, Ex = ok.
ordinal(Names, E, R, Ex) :-
    index(Names, E, I),
    receiver(I, Ex),
    (   Ex == ok -> R = I ; true ).

%% name(+Names, ?E, -S, -Ex)
%
%  S is E.name() (and E.toString(), which an enum of the sources does not override); Ex is
%  ok, or a NullPointerException flag when E is null. A symbolic E gives a string whose length
%  and codes are element/3 constraints on its position: no path per constant.
%
%  ?- enums:name([s(1,[65|_]), s(1,[66|_])], e(0), S, Ex).
%  S = s(1,[65|_]), Ex = ok.
name(Names, E, S, Ex) :-
    index(Names, E, I),
    receiver(I, Ex),
    (   Ex == ok -> constant_name(Names, I, S) ; true ).

%% equal(+Names, ?A, ?B, -R, -Ex)
%
%  R (1 or 0) is A.equals(B): B the same constant (null is none). Ex is a
%  NullPointerException flag when A is null.
%
%  ?- enums:equal([s(1,[65|_]), s(1,[66|_])], e(0), null, R, Ex).
%  R = 0, Ex = ok.
equal(Names, A, B, R, Ex) :-
    index(Names, A, IA),
    receiver(IA, Ex),
    (   Ex == ok ->
        index(Names, B, IB),
        R in 0..1,
        R #<==> (IA #= IB)
    ;   true
    ).

%% compare_to(+Names, ?A, ?B, -R, -Ex)
%
%  R is A.compareTo(B), the difference of their positions; Ex is a NullPointerException flag
%  when A or B is null.
%
%  ?- enums:compare_to([s(1,[65|_]), s(1,[66|_])], e(0), e(1), R, Ex).
%  R = -1, Ex = ok.
compare_to(Names, A, B, R, Ex) :-
    index(Names, A, IA),
    receiver(IA, Ex0),
    (   Ex0 == ok ->
        index(Names, B, IB),
        receiver(IB, Ex),
        (   Ex == ok -> R #= IA - IB ; true )
    ;   Ex = Ex0
    ).

%% value_of(+Names, ?S, -E, -Ex)
%
%  E is the constant named S (E.valueOf(S)): one path per constant, and one where S names
%  none (IllegalArgumentException, as Enum.valueOf throws); NullPointerException for null.
%
%  ?- enums:value_of([s(1,[65|_]), s(1,[66|_])], s(1,[66|_]), E, Ex).
%  E = e(1), Ex = ok.
value_of(Names, S, E, Ex) :-
    must_be(list, Names),
    strings:shape(S),
    (   S == null -> Ex = exc('java.lang.NullPointerException')
    ;   maplist(strings:equal(S), Names, Matches),
        (   nth0(I, Matches, Match),
            jvm:guarded(Match #= 1),
            E = e(I),
            Ex = ok
        ;   jvm:guarded(maplist(#=(0), Matches)),
            Ex = exc('java.lang.IllegalArgumentException')
        )
    ).

%% field(+Names, +Values, ?E, -V, -Ex)
%
%  V is the value of a final field of E (its getter's result): Values holds it per constant,
%  numbers or strings. Ex is a NullPointerException flag when E is null. A symbolic E gives
%  an element/3 constraint (a string's length and codes each one): no path per constant.
%
%  ?- enums:field([s(1,[65|_]), s(1,[66|_])], [200, 404], e(1), V, Ex).
%  V = 404, Ex = ok.
field(Names, Values, E, V, Ex) :-
    must_be(list, Values),
    index(Names, E, I),
    receiver(I, Ex),
    (   Ex == ok ->
        (   Values = [s(_, _)|_] -> constant_name(Values, I, V)
        ;   integer(I) -> nth0(I, Values, V)
        ;   K #= I + 1, element(K, Values, V)
        )
    ;   true
    ).

%% constant(+Names, +I, -E, -Ex)
%
%  E is the constant at position I of E.values() (I within 0..N-1: the index of an enhanced
%  for over the array values() returns, which is fresh, so it holds the constants in order).
%
%  ?- enums:constant([s(1,[65|_]), s(1,[66|_])], 1, E, Ex).
%  E = e(1), Ex = ok.
constant(Names, I, e(I), ok) :-
    must_be(list, Names),
    length(Names, N),
    Max is N - 1,
    I in 0..Max.

%% text_of(+Names, ?E, -S)
%
%  S is String.valueOf(E), as string concatenation converts it: "null", or the name.
%
%  ?- enums:text_of([s(1,[65|_]), s(1,[66|_])], null, S).
%  S = s(4,[110,117,108,108|_]).
text_of(Names, E, S) :-
    index(Names, E, I),
    (   jvm:guarded(I #= -1), strings:literal("null", S)
    ;   jvm:guarded(I #>= 0), constant_name(Names, I, S)
    ).

% Ex is a NullPointerException flag when the position I is null's.
receiver(I, Ex) :-
    (   jvm:guarded(I #>= 0), Ex = ok
    ;   jvm:guarded(I #= -1), Ex = exc('java.lang.NullPointerException')
    ).

% The name of the constant at position I (not null's): its length and each code an element/3
% constraint over the names, so that a symbolic position stays one path.
constant_name(Names, I, S) :-
    (   integer(I) -> nth0(I, Names, S)
    ;   K #= I + 1,
        maplist(name_parts, Names, Lengths, Codess),
        element(K, Lengths, Length),
        transpose(Codess, Columns),
        maplist(element(K), Columns, Codes),
        S = s(Length, Codes)
    ).

name_parts(s(Length, Codes), Length, Codes).
