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
   boolean, string and ref, the superclasses' fields first (so a field has the same index in
   every subclass). Where a reference's static type allows objects of several classes
   (subclasses, implementations of an interface), the translation passes classes(Layouts)
   instead: an input reference materialised there chooses its class among them (one path per
   class), and aliases an input object of any of them. Field operations on null give
   exc('java.lang.NullPointerException').

   Arrays live in the same lists as a(Id, Elem, Length, Elements), Elem among int, long,
   boolean, string and obj(Class) (the translation passes array(Elem) where it passes a layout
   for objects). Elements holds exactly max_array_length/1 values: the Length elements, then
   padding (the default value in a new array, values nothing reads in an input one), so
   that an int element at a symbolic index is one element/3 constraint and a write there one
   reified constraint per position: no path splits on the index. Elements that are references
   cannot be constrained that way: a symbolic index into such an array is labelled, one path
   per index. An input array reference is null, a fresh input array whose length is a fresh
   int in 0..max_array_length and whose elements are fresh values, or an input array of the
   same type already seen. Length is bounded so that labelling stays small: an input array is
   at most that long, and a path that creates a longer array is cut (as strings.pl does).
*/

:- module(heap, [new/4, get_field/7, put_field/7, check_not_null/5, ref_compare/8, path_heap/2,
                 shaped/4, class_of/3, instance_of/6, check_cast/6,
                 decided/2, pending_values/2, resolved/2,
                 max_array_length/1, new_array/6, array_length/6, array_load/7, array_store/7,
                 array_copy/8]).

:- use_module(library(lists)).
:- use_module(library(error)).
:- use_module(library(clpz)).

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

updated(Objects0, Id, Index, Value, Objects) :-
    memberchk(o(Id, C, Fs0), Objects0),
    replaced(Fs0, Index, Value, Fs),
    cell_replaced(Objects0, Id, o(Id, C, Fs), Objects).

% The cell (object or array) of id Id replaced by Cell.
cell_replaced([Cell0|Cs], Id, Cell, [Cell1|Cs1]) :-
    arg(1, Cell0, Id0),
    (   Id0 == Id -> Cell1 = Cell, Cs1 = Cs
    ;   Cell1 = Cell0, cell_replaced(Cs, Id, Cell, Cs1)
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
%  Array elements a copy of a symbolic length left pending (array_copy/8) stay so: deciding
%  them here would split the path by the copy's length; decided/2 decides them once the
%  path's inputs are labelled.
path_heap(S, heap(Initial, Final)) :-
    state:heap(S, heap(_, Objects, Inputs)),
    reverse(Inputs, Initial),
    reverse(Objects, Final).

%% decided(+Events0, -Events)
%
%  The events with the pending elements of the heap event's arrays decided, once the lengths
%  of the copies are known (labelled).
%
%  ?- heap:decided([heap([], [a(0, int, 1, [pending(0, 1, 5, 0)])])], Es).
%  Es = [heap([],[a(0,int,1,[5])])].
decided(Events0, Events) :-
    maplist(event_decided, Events0, Events).

event_decided(E0, E) :-
    (   E0 = heap(Initial, Final0) ->
        maplist(cell_decided, Final0, Final),
        E = heap(Initial, Final)
    ;   E = E0
    ).

cell_decided(Cell0, Cell) :-
    (   Cell0 = a(Id, Elem, Length, Elements0) ->
        maplist(resolved, Elements0, Elements),
        Cell = a(Id, Elem, Length, Elements)
    ;   Cell = Cell0
    ).

%% pending_values(+Element, -Values)
%
%  The values an element may stand for, to be labelled with the path's other values: the
%  element itself, or a pending copy's length and both candidates.
pending_values(E, Values) :-
    (   nonvar(E), E = pending(_, Length, Source, Old) ->
        pending_values(Source, Vs1),
        pending_values(Old, Vs2),
        append([[Length], Vs1, Vs2], Values)
    ;   Values = [E]
    ).

%% class_of(+Ref, -Class, +S)
%
%  The class of the object Ref points to (not null, already shaped).
%
%  ?- state:initial(S0), heap:new(layout(c, []), R, S0, S), heap:class_of(R, C, S).
%  C = c, ...
class_of(Ref, Class, S) :-
    (   Ref = r(Id) -> true ; type_error(object_reference, Ref) ),
    state:heap(S, heap(_, Objects, _)),
    memberchk(o(Id, Class, _), Objects).

%% instance_of(+Shape, ?Ref, +Classes, -Result, +S0, -S)
%
%  Result is 1 if Ref points to an object of one of Classes, else 0 (null is no instance).
%
%  ?- state:initial(S0), heap:new(layout(c, []), R, S0, S1), heap:instance_of(layout(c, []), R, [c], B, S1, _).
%  B = 1, ...
instance_of(Shape, Ref, Classes, Result, S0, S) :-
    must_be(list, Classes),
    shaped(Shape, Ref, S0, S),
    (   Ref == null -> Result = 0
    ;   class_of(Ref, Class, S), memberchk(Class, Classes) -> Result = 1
    ;   Result = 0
    ).

%% check_cast(+Shape, ?Ref, +Classes, +S0, -S, -Ex)
%
%  A cast to a class whose objects have one of Classes: ClassCastException for an object of
%  another class; null passes.
%
%  ?- state:initial(S0), heap:new(layout(c, []), R, S0, S1), heap:check_cast(layout(c, []), R, [d], S1, _, Ex).
%  Ex = exc('java.lang.ClassCastException'), ...
check_cast(Shape, Ref, Classes, S0, S, Ex) :-
    instance_of(Shape, Ref, Classes, Result, S0, S),
    (   Result =:= 1 -> Ex = ok
    ;   Ref == null -> Ex = ok
    ;   Ex = exc('java.lang.ClassCastException')
    ).

%% shaped(+Shape, ?Ref, +S0, -S)
%
%  An input reference gets its shape: null, a fresh input object (array), or an input object
%  of its class (an input array of its type) already seen (the same one reached twice). Shape
%  is a layout, classes(Layouts) (one path per class) or array(Elem).
%
%  ?- state:initial(S0), heap:shaped(classes([layout(a, []), layout(b, [])]), R, S0, S), heap:class_of(R, C, S).
%  R = r(0), C = a, ... ; R = r(0), C = b, ...
shaped(Shape, Ref, S0, S) :-
    (   nonvar(Ref) ->
        S = S0
    ;   Ref = null,
        S = S0
    ;   state:heap(S0, heap(Id, Objects, Inputs)),
        (   Ref = r(Id),
            fresh_cell(Shape, Id, Cell),
            Next is Id + 1,
            state:with_heap(S0, heap(Next, [Cell|Objects], [Cell|Inputs]), S)
        ;   aliased_cell(Shape, Alias, Cell),
            member(Cell, Inputs),
            Ref = r(Alias),
            S = S0
        )
    ).

fresh_cell(array(Elem), Id, a(Id, Elem, Length, Elements)) :-
    !,
    array_type(array(Elem), _),
    max_array_length(Max),
    Length in 0..Max,
    length(Elements, Max),
    maplist(fresh_element(Elem), Elements).
fresh_cell(classes(Layouts), Id, Cell) :-
    !,
    must_be(list, Layouts),
    member(Layout, Layouts),
    fresh_cell(Layout, Id, Cell).
fresh_cell(Layout, Id, o(Id, Class, Fields)) :-
    layout(Layout, Class, Kinds),
    maplist(fresh_value, Kinds, Fields).

aliased_cell(array(Elem), Alias, a(Alias, Elem, _, _)) :- !.
aliased_cell(classes(Layouts), Alias, o(Alias, Class, Fields)) :-
    !,
    member(Layout, Layouts),
    aliased_cell(Layout, Alias, o(Alias, Class, Fields)).
aliased_cell(Layout, Alias, o(Alias, Class, _)) :-
    layout(Layout, Class, _).

% Fresh values; those past the length are never read (every access is checked against the
% length) and labelling makes them 0 or null.
fresh_element(Elem, E) :-
    (   numeric(Elem) -> jvm:value(Elem, E) ; true ).

numeric(int).
numeric(long).
numeric(boolean).

%% max_array_length(-N)
%
%  Arrays longer than N elements are not modelled (the IR's ARRAY_MAX_LENGTH is the same).
max_array_length(8).

%% new_array(+Type, ?Length, -Ref, +S0, -S, -Ex)
%
%  A new array of Length elements at their default value, or, for a negative Length,
%  exc('java.lang.NegativeArraySizeException').
%
%  ?- state:initial(S0), heap:new_array(array(int), 2, R, S0, S, Ex), state:heap(S, H).
%  R = r(0), Ex = ok, H = heap(1,[a(0,int,2,[0,0,0,0,0,0,0,0])],[]), ...
new_array(Type, Length, Ref, S0, S, Ex) :-
    array_type(Type, Elem),
    (   jvm:guarded(Length #< 0),
        Ex = exc('java.lang.NegativeArraySizeException'),
        S = S0
    ;   jvm:guarded(Length #>= 0),
        max_array_length(Max),
        jvm:guarded(Length #=< Max),
        state:heap(S0, heap(Id, Objects, Inputs)),
        length(Elements, Max),
        default_value(Elem, Default),
        maplist(=(Default), Elements),
        Ref = r(Id),
        Next is Id + 1,
        state:with_heap(S0, heap(Next, [a(Id, Elem, Length, Elements)|Objects], Inputs), S),
        Ex = ok
    ).

%% array_length(+Type, ?Ref, -Length, +S0, -S, -Ex)
%
%  ?- state:initial(S0), heap:array_length(array(int), R, L, S0, S, ok).
%  R = r(0), L in 0..8, ...
array_length(Type, Ref, Length, S0, S, Ex) :-
    array_type(Type, _),
    shaped(Type, Ref, S0, S),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException')
    ;   array_cell(S, Ref, a(_, _, Length, _)),
        Ex = ok
    ).

%% array_load(+Type, ?Ref, ?Index, -Value, +S0, -S, -Ex)
%
%  Value is element Index (from 0). A null array throws NullPointerException, an index
%  outside 0..Length-1 ArrayIndexOutOfBoundsException (a path for each side).
%
%  ?- state:initial(S0), heap:new_array(array(int), 2, R, S0, S1, ok), heap:array_load(array(int), R, 1, V, S1, S, Ex).
%  V = 0, Ex = ok, ...
array_load(Type, Ref, Index, Value, S0, S, Ex) :-
    array_type(Type, Elem),
    shaped(Type, Ref, S0, S),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException')
    ;   array_cell(S, Ref, a(_, _, Length, Elements)),
        in_bounds(Index, Length, Ex),
        (   Ex == ok -> element_at(Elem, Index, Elements, Value) ; true )
    ).

%% array_store(+Type, ?Ref, ?Index, ?Value, +S0, -S, -Ex)
%
%  Sets element Index (from 0), with the exceptions of array_load/7.
%
%  ?- state:initial(S0), heap:new_array(array(int), 2, R, S0, S1, ok), heap:array_store(array(int), R, 0, 7, S1, S, ok), state:heap(S, H).
%  H = heap(1,[a(0,int,2,[7,0,0,0,0,0,0,0])],[]), ...
array_store(Type, Ref, Index, Value, S0, S, Ex) :-
    array_type(Type, Elem),
    shaped(Type, Ref, S0, S1),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException'), S = S1
    ;   Ref = r(Id),
        array_cell(S1, Ref, a(_, _, Length, Elements0)),
        in_bounds(Index, Length, Ex),
        (   Ex == ok ->
            element_stored(Elem, Index, Value, Elements0, Elements),
            state:heap(S1, heap(Next, Objects0, Inputs)),
            cell_replaced(Objects0, Id, a(Id, Elem, Length, Elements), Objects),
            state:with_heap(S1, heap(Next, Objects, Inputs), S)
        ;   S = S1
        )
    ).

%% array_copy(?Src, ?SrcPos, ?Dest, ?DestPos, ?Length, +S0, -S, -Ex)
%
%  System.arraycopy between two arrays of the same type (the front end checks the types and
%  reads both lengths first, so the arrays are in the heap): a null array throws
%  NullPointerException; a negative position or length, or a range past either array's end,
%  ArrayIndexOutOfBoundsException (what HotSpot throws; one path); otherwise the elements are
%  copied as through a temporary array (the arrays may be the same). The positions are
%  labelled (they are constants in most code); a symbolic length leaves the elements it may
%  reach pending until they are read (resolved/2).
%
%  ?- state:initial(S0), heap:new_array(array(int), 2, A, S0, S1, ok), heap:array_store(array(int), A, 0, 5, S1, S2, ok), heap:array_copy(A, 0, A, 1, 1, S2, S, ok), state:heap(S, H).
%  H = heap(1,[a(0,int,2,[5,5,0,0,0,0,0,0])],[]), ...
array_copy(Src, SrcPos, Dest, DestPos, Length, S0, S, Ex) :-
    (   ( Src == null ; Dest == null ) ->
        Ex = exc('java.lang.NullPointerException'), S = S0
    ;   ( var(Src) ; var(Dest) ) -> instantiation_error(array_copy/8)
    ;   array_cell(S0, Src, a(_, Elem, SrcLength, SrcElements)),
        array_cell(S0, Dest, a(Id, Elem, DestLength, DestElements0)),
        (   jvm:guarded(#\ ( SrcPos #>= 0 #/\ DestPos #>= 0 #/\ Length #>= 0
                             #/\ SrcPos + Length #=< SrcLength #/\ DestPos + Length #=< DestLength )),
            Ex = exc('java.lang.ArrayIndexOutOfBoundsException'),
            S = S0
        ;   jvm:guarded(SrcPos #>= 0), jvm:guarded(DestPos #>= 0), jvm:guarded(Length #>= 0),
            jvm:guarded(SrcPos + Length #=< SrcLength), jvm:guarded(DestPos + Length #=< DestLength),
            label([SrcPos, DestPos]),
            copied(DestElements0, 0, DestPos, SrcPos, Length, SrcElements, DestElements),
            state:heap(S0, heap(Next, Objects0, Inputs)),
            cell_replaced(Objects0, Id, a(Id, Elem, DestLength, DestElements), Objects),
            state:with_heap(S0, heap(Next, Objects, Inputs), S),
            Ex = ok
        )
    ).

% Destination element K after the copy: itself before DestPos; else, when the length is
% known, the source element it receives or itself; when it is not, pending(J, Length, Source,
% Old) (J the element's offset in the copy), decided where the element is read (resolved/2):
% a copy of a symbolic length splits the path only where a path looks at its elements, as a
% loop over them would.
copied([], _, _, _, _, _, []).
copied([D|Ds], K, DestPos, SrcPos, Length, Src, [E|Es]) :-
    J is K - DestPos,
    I is J + SrcPos,
    (   J < 0 -> E = D
    ;   length(Src, Max), I >= Max -> E = D
    ;   nth0(I, Src, Source),
        (   integer(Length) -> ( J < Length -> E = Source ; E = D )
        ;   E = pending(J, Length, Source, D)
        )
    ),
    K1 is K + 1,
    copied(Ds, K1, DestPos, SrcPos, Length, Src, Es).

%% resolved(?Element, -Value)
%
%  The value of an array element: a pending copy (copied/7) is decided here, one path per
%  outcome while the copy's length is not known.
%
%  ?- L in 0..2, heap:resolved(pending(1, L, a, b), V).
%  V = a, L = 2 ; V = b, L in 0..1.
resolved(E, V) :-
    (   nonvar(E), E = pending(J, Length, Source, Old) ->
        (   jvm:guarded(J #< Length), resolved(Source, V)
        ;   jvm:guarded(J #>= Length), resolved(Old, V)
        )
    ;   V = E
    ).

array_type(Type, Elem) :-
    (   Type = array(Elem), nonvar(Elem) -> true
    ;   type_error(array_type, Type)
    ).

array_cell(S, r(Id), Cell) :-
    state:heap(S, heap(_, Objects, _)),
    Cell = a(Id, _, _, _),
    memberchk(Cell, Objects).

% Out of bounds below and above are two paths: as one reified disjunction, clpz could not
% refute an index that other constraints keep in bounds, and labelling would search for it.
in_bounds(Index, Length, Ex) :-
    (   jvm:guarded(Index #< 0),
        Ex = exc('java.lang.ArrayIndexOutOfBoundsException')
    ;   jvm:guarded(Index #>= Length),
        Ex = exc('java.lang.ArrayIndexOutOfBoundsException')
    ;   jvm:guarded(Index #>= 0),
        jvm:guarded(Index #< Length),
        Ex = ok
    ).

% Element Index of an array known to be in bounds. A symbolic index: one element/3 constraint
% for numbers, one path per index for references.
element_at(Elem, Index, Elements0, Value) :-
    (   integer(Index) -> nth0(Index, Elements0, Element), resolved(Element, Value)
    ;   numeric(Elem) ->
        maplist(resolved, Elements0, Elements),
        Position #= Index + 1,
        jvm:guarded(element(Position, Elements, Value))
    ;   label([Index]),
        nth0(Index, Elements0, Element),
        resolved(Element, Value)
    ).

element_stored(Elem, Index, Value, Elements0, Elements) :-
    (   integer(Index) -> replaced0(Elements0, Index, Value, Elements)
    ;   numeric(Elem) ->
        maplist(resolved, Elements0, Elements1),
        stored_at(Elements1, 0, Elem, Index, Value, Elements)
    ;   label([Index]),
        replaced0(Elements0, Index, Value, Elements)
    ).

replaced0(Elements0, Index, Value, Elements) :-
    I is Index + 1,
    replaced(Elements0, I, Value, Elements).

stored_at([], _, _, _, _, []).
stored_at([E0|Es0], K, Elem, Index, Value, [E|Es]) :-
    jvm:value(Elem, E),
    jvm:guarded((Index #= K) #==> (E #= Value)),
    jvm:guarded((Index #\= K) #==> (E #= E0)),
    K1 is K + 1,
    stored_at(Es0, K1, Elem, Index, Value, Es).

layout(Layout, Class, Kinds) :-
    (   Layout = layout(Class, Kinds) -> must_be(atom, Class), must_be(list, Kinds)
    ;   type_error(layout, Layout)
    ).

default_value(int, 0).
default_value(long, 0).
default_value(boolean, 0).
default_value(string, null).
default_value(ref, null).
default_value(obj(_), null).

fresh_value(int, V) :- jvm:value(int, V).
fresh_value(long, V) :- jvm:value(long, V).
fresh_value(boolean, V) :- jvm:value(boolean, V).
fresh_value(string, _).
fresh_value(ref, _).
