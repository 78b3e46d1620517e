/* The heap of a path: objects of the analysed classes, after Albert et al.'s lazy heap.

   heap(Next, Objects, Inputs): Objects holds o(Id, Class, Fields) for every object the path
   knows, newest first, with Fields the values in the class's layout order; Inputs holds, for
   the input objects only, o(Id, Class, InitialFields) as they were when the path first looked
   at them (the part of the input heap a test must build). Next is the next free id.

   A reference is null, r(Id), or (an input reference the path has not looked at yet) an unbound
   variable. The first operation that needs its shape makes it null, a fresh input object whose
   fields are fresh values (ints in their Java range, references and strings unbound: lazy in
   turn), or one of the input objects of its class already materialised (aliasing). So a path
   that never dereferences an input leaves it unconstrained, and a test builds only the objects
   its path looked at.

   Layouts come from the translation: layout(Class, Kinds), one kind per field among int, long,
   boolean, string and ref. Field operations on null give exc('java.lang.NullPointerException').
*/

:- module(heap, [new/4, get_field/7, put_field/7, check_not_null/5, ref_compare/8, path_heap/2]).

:- use_module(library(lists)).
:- use_module(library(error)).

%% new(+Layout, -Ref, +S0, -S)
%
%  A new object with its fields at their default values.
%
%  ?- state:initial(S0), heap:new(layout(c, [int, ref]), R, S0, S), state:heap(S, H).
%  R = r(0), H = heap(1,[o(0,c,[0,null])],[]), ...
new(Layout, r(Id), S0, S) :-
    layout(Layout, Class, Kinds),
    state:heap(S0, heap(Id, Objects, Inputs)),
    maplist(default_value, Kinds, Fields),
    Next is Id + 1,
    state:with_heap(S0, heap(Next, [o(Id, Class, Fields)|Objects], Inputs), S).

%% get_field(+Layout, ?Ref, +Index, -Value, +S0, -S, -Ex)
%
%  Value is field Index (from 1) of the object Ref points to.
%
%  ?- state:initial(S0), heap:get_field(layout(c, [int]), R, 1, V, S0, S, ok).
%  R = r(0), V in -2147483648..2147483647, ...
get_field(Layout, Ref, Index, Value, S0, S, Ex) :-
    must_be(integer, Index),
    shaped(Layout, Ref, S0, S),
    (   Ref == null ->
        Ex = exc('java.lang.NullPointerException')
    ;   Ref = r(Id),
        state:heap(S, heap(_, Objects, _)),
        memberchk(o(Id, _, Fields), Objects),
        nth1(Index, Fields, Value),
        Ex = ok
    ).

%% put_field(+Layout, ?Ref, +Index, +Value, +S0, -S, -Ex)
%
%  Sets field Index (from 1) of the object Ref points to.
%
%  ?- state:initial(S0), heap:new(layout(c, [int]), R, S0, S1), heap:put_field(layout(c, [int]), R, 1, 7, S1, S, ok), state:heap(S, H).
%  H = heap(1,[o(0,c,[7])],[]), ...
put_field(Layout, Ref, Index, Value, S0, S, Ex) :-
    must_be(integer, Index),
    shaped(Layout, Ref, S0, S1),
    (   Ref == null ->
        Ex = exc('java.lang.NullPointerException'),
        S = S1
    ;   Ref = r(Id),
        state:heap(S1, heap(Next, Objects0, Inputs)),
        updated(Objects0, Id, Index, Value, Objects),
        state:with_heap(S1, heap(Next, Objects, Inputs), S),
        Ex = ok
    ).

updated([o(Id0, C, Fs0)|Os], Id, Index, Value, [o(Id0, C, Fs)|Os1]) :-
    (   Id0 == Id ->
        replaced(Fs0, Index, Value, Fs),
        Os1 = Os
    ;   Fs = Fs0,
        updated(Os, Id, Index, Value, Os1)
    ).

replaced([F|Fs], I, V, [G|Gs]) :-
    (   I =:= 1 -> G = V, Gs = Fs
    ;   G = F, I1 is I - 1, replaced(Fs, I1, V, Gs)
    ).

%% check_not_null(+Layout, ?Ref, +S0, -S, -Ex)
%
%  The receiver of an instance call: NullPointerException if it is null.
check_not_null(Layout, Ref, S0, S, Ex) :-
    shaped(Layout, Ref, S0, S),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException') ; Ex = ok ).

%% ref_compare(+Op, +LayoutA, +LayoutB, ?A, ?B, ?Outcome, +S0, -S)
%
%  Reference comparison (eq or ne) with Outcome t or f. A layout is `none` for the null
%  literal; the other operands get their shape first (null, fresh, or an alias).
%
%  ?- state:initial(S0), heap:ref_compare(eq, layout(c, []), none, A, null, f, S0, S).
%  A = r(0), ...
ref_compare(Op, LayoutA, LayoutB, A, B, Outcome, S0, S) :-
    must_be(atom, Op),
    operand_shaped(LayoutA, A, S0, S1),
    operand_shaped(LayoutB, B, S1, S),
    (   A == B -> Equal = t ; Equal = f ),
    (   Op == eq -> Outcome = Equal
    ;   Op == ne -> negation(Equal, Outcome)
    ;   domain_error(reference_comparison, Op, ref_compare/8)
    ).

operand_shaped(none, _, S, S) :- !.
operand_shaped(Layout, Ref, S0, S) :- shaped(Layout, Ref, S0, S).

negation(t, f).
negation(f, t).

%% path_heap(+S, -Event)
%
%  The heap event that ends the path of a method whose inputs or result may be objects:
%  heap(Initial, Final), the input objects as first seen and every object at the end, by id.
path_heap(S, heap(Initial, Final)) :-
    state:heap(S, heap(_, Objects, Inputs)),
    reverse(Inputs, Initial),
    reverse(Objects, Final).

% An input reference gets its shape: null, a fresh input object, or an input object of its
% class already seen (the same object reached twice).
shaped(Layout, Ref, S0, S) :-
    (   nonvar(Ref) ->
        S = S0
    ;   Ref = null,
        S = S0
    ;   layout(Layout, Class, Kinds),
        state:heap(S0, heap(Id, Objects, Inputs)),
        (   Ref = r(Id),
            maplist(fresh_value, Kinds, Fields),
            Next is Id + 1,
            Object = o(Id, Class, Fields),
            state:with_heap(S0, heap(Next, [Object|Objects], [Object|Inputs]), S)
        ;   member(o(Alias, Class, _), Inputs),
            Ref = r(Alias),
            S = S0
        )
    ).

layout(Layout, Class, Kinds) :-
    (   Layout = layout(Class, Kinds) -> must_be(atom, Class), must_be(list, Kinds)
    ;   type_error(layout, Layout)
    ).

default_value(int, 0).
default_value(long, 0).
default_value(boolean, 0).
default_value(string, null).
default_value(ref, null).

fresh_value(int, V) :- jvm:value(int, V).
fresh_value(long, V) :- jvm:value(long, V).
fresh_value(boolean, V) :- jvm:value(boolean, V).
fresh_value(string, _).
fresh_value(ref, _).
