/* java.lang.Integer, Long and Boolean values over clpz.

   A box is `null` or box(V), V a value of its primitive type (jvm:value/2). Boxes are
   immutable and the front end reports `==` between two of them (a reference comparison whose
   outcome depends on the JVM's cache of small boxes), so a box is a value: two boxes of equal
   values are interchangeable. A box input stays an unbound variable until an operation needs
   its shape; one the path never looks at is labelled null (explore.pl).
*/

:- module(boxes, [shape/2, ref_compare/5, unboxed/4, equal/5, objects_equal/4, text_of/3]).

:- use_module(library(clpz)).
:- use_module(library(error)).

%% shape(+Type, ?B)
%
%  Gives an unbound box of the primitive Type (int, long or boolean) its shape: null, or a
%  box of a fresh value; Type date shapes a date (dates.pl), decimal a BigDecimal (decimals.pl),
%  the same way.
%
%  ?- boxes:shape(int, B), B \== null.
%  B = box(V), V in -2147483648..2147483647.
shape(Type, B) :-
    must_be(atom, Type),
    (   var(B) -> ( B = null ; B = box(V), box_value(Type, V) )
    ;   B == null -> true
    ;   B = box(_) -> true
    ;   type_error(box, B)
    ).

% A date (dates.pl) holds an instant of an input's range, a LocalDate the start of a day of
% it; a box a value of its primitive type.
box_value(date, V) :- !, dates:value(V).
box_value(local_date, V) :- !, dates:day(V).
box_value(decimal, V) :- !, decimals:value(V).
box_value(Type, V) :- jvm:value(Type, V).

%% ref_compare(+Type, +Op, ?A, ?B, +Outcome)
%
%  `==` (eq) or `!=` (ne) of a box of Type with the null literal, with Outcome t or f.
%
%  ?- boxes:ref_compare(int, eq, B, null, f).
%  B = box(V), V in -2147483648..2147483647.
ref_compare(Type, Op, A, B, Outcome) :-
    must_be(atom, Op),
    (   B == null -> Box = A
    ;   A == null -> Box = B
    ;   domain_error(null_comparison, A-B, ref_compare/5)
    ),
    shape(Type, Box),
    (   Box == null -> Null = t ; Null = f ),
    (   Op == eq -> Outcome = Null
    ;   Op == ne -> negated(Null, Outcome)
    ;   domain_error(reference_operator, Op, ref_compare/5)
    ).

negated(t, f).
negated(f, t).

%% unboxed(+Type, ?B, -V, -Ex)
%
%  V is the value of box B (intValue(), longValue() or booleanValue(), as javac unboxes);
%  Ex is ok, or a NullPointerException flag when B is null (V is then left unbound).
%
%  ?- boxes:unboxed(int, box(3), V, Ex).
%  V = 3, Ex = ok.
%  ?- boxes:unboxed(int, null, _, Ex).
%  Ex = exc('java.lang.NullPointerException').
unboxed(Type, B, V, Ex) :-
    shape(Type, B),
    (   B = box(V) -> Ex = ok ; Ex = exc('java.lang.NullPointerException') ).

%% equal(+Type, ?A, ?B, -R, -Ex)
%
%  R (1 or 0) is A.equals(B) for boxes of Type: B not null and of A's value. Ex is a
%  NullPointerException flag when A (the receiver) is null. Equal values are a reified
%  constraint, not a path split: equals has no branch of the caller's.
%
%  ?- boxes:equal(int, box(3), box(X), R, Ex), X #= 3.
%  R = 1, Ex = ok.
equal(Type, A, B, R, Ex) :-
    unboxed(Type, A, VA, Ex),
    (   Ex == ok -> same_value(Type, box(VA), B, R) ; true ).

%% objects_equal(+Type, ?A, ?B, -R)
%
%  R (1 or 0) is java.util.Objects.equals(A, B) for boxes of Type: both null, or both boxes of
%  the same value.
%
%  ?- boxes:objects_equal(int, null, B, R).
%  B = null, R = 1 ; B = box(_), R = 0.
objects_equal(Type, A, B, R) :-
    shape(Type, A),
    (   A == null ->
        shape(Type, B),
        (   B == null -> R = 1 ; R = 0 )
    ;   same_value(Type, A, B, R)
    ).

% A is a box; R is whether B is a box of the same value.
same_value(Type, box(VA), B, R) :-
    shape(Type, B),
    (   B = box(VB) ->
        R in 0..1,
        R #<==> (VA #= VB)
    ;   R = 0
    ).

%% text_of(+Type, ?B, -S)
%
%  S is String.valueOf(B) for a box of Type, as string concatenation converts it: "null", or
%  the text of its value (strings:text_of/3).
%
%  ?- boxes:text_of(int, box(-7), S).
%  S = s(2,[45,55,0,...]).
text_of(Type, B, S) :-
    shape(Type, B),
    (   B = box(V) -> strings:text_of(Type, V, S) ; strings:literal("null", S) ).
