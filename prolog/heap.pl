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

   A java.util.List is a resizable array: a(Id, list(Elem), Size, Elements), with Elem int (a
   List<Integer>, whose elements are never null: an input list holds non-null Integers and
   nothing the front end accepts adds null), long (a List<Long>, likewise), string (List<String>: strings, null included) or
   obj(Class) (references, null included; both lazy in an input list as in an input array), Size its size and Elements padded in the same way.
   The translation passes list(Elem) as the shape. An input list is null, a fresh list of a
   size in 0..max_array_length, or an input list of the same shape already seen; a path that
   grows a list past max_array_length elements is cut, as for arrays. Its operations
   (summaries/java_util_list.pl) throw NullPointerException on a null list and
   IndexOutOfBoundsException (what ArrayList throws) on an index out of range.

   A java.util.Map (HashMap, LinkedHashMap) is a(Id, map(Key, Value), Size, Entries): Key
   string, box(int) or box(long), Value string or box(Type), as summaries/java_util_optional.pl
   names what an Optional holds; Entries the Size entries in insertion order, each its key then
   its value, padded with null to twice max_array_length/1. Keys compare with equals (texts,
   boxed values; null equals null only): a lookup takes one path per entry whose key may be
   the first equal one, and one where none is, as the library's search would. Only maps a
   method creates are modelled (no input is a map), so a map's size is always known. A path
   that grows a map past max_array_length entries is cut, as for lists. Its operations
   (summaries/java_util_map.pl) throw NullPointerException on a null map.
*/

:- module(heap, [new/4, statics/4, get_field/7, put_field/7, check_not_null/5, ref_compare/8, path_heap/2,
                 shaped/4, class_of/3, instance_of/6, check_cast/6,
                 decided/2, pending_values/2, resolved/2,
                 max_array_length/1, new_array/6, array_length/6, array_load/7, array_store/7,
                 array_copy/8,
                 new_list/4, list_copy/6, list_size/6, list_get/7, list_set/8, list_add/6, list_insert/7,
                 list_remove/7, list_clear/5, list_index_of/7, list_contains/7,
                 list_remove_value/7,
                 new_map/4, map_lookup/8, map_put/8, map_put_if_absent/8, map_remove/7, map_size/6,
                 map_clear/5, composed/4]).

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

%% statics(+Layout, -Ref, +S0, -S)
%
%  Ref is the one object holding the static fields of a class (Layout names its pseudo-class):
%  an input object, never null, fresh (fields lazy like an input object's) the first time the
%  path uses it. Its initial fields are the values a test sets before the call.
%
%  ?- state:initial(S0), heap:statics(layout('static c', [int]), R, S0, S1), heap:statics(layout('static c', [int]), R2, S1, S).
%  R = r(0), R2 = r(0), ...
statics(Layout, Ref, S0, S) :-
    layout(Layout, Class, _),
    state:heap(S0, heap(Id, Objects, Inputs)),
    (   memberchk(o(Known, Class, _), Objects) ->
        Ref = r(Known),
        S = S0
    ;   Ref = r(Id),
        fresh_cell(Layout, Id, Cell),
        Next is Id + 1,
        state:with_heap(S0, heap(Next, [Cell|Objects], [Cell|Inputs]), S)
    ).

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
%  is a layout, classes(Layouts) (one path per class), array(Elem) or list(Elem).
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
fresh_cell(list(Elem), Id, a(Id, list(Elem), Size, Elements)) :-
    !,
    list_type(list(Elem), _),
    max_array_length(Max),
    Size in 0..Max,
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
aliased_cell(list(Elem), Alias, a(Alias, list(Elem), _, _)) :- !.
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
numeric(double).
numeric(float).

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
        in_bounds(Index, Length, 'java.lang.ArrayIndexOutOfBoundsException', Ex),
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
        in_bounds(Index, Length, 'java.lang.ArrayIndexOutOfBoundsException', Ex),
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

%% new_list(+Type, -Ref, +S0, -S)
%
%  new ArrayList<>(): an empty list of Type, list(int) or list(obj(Class)).
%
%  ?- state:initial(S0), heap:new_list(list(int), R, S0, S), state:heap(S, H).
%  R = r(0), H = heap(1,[a(0,list(int),0,[0,0,0,0,0,0,0,0])],[]), ...
new_list(Type, r(Id), S0, S) :-
    list_type(Type, Elem),
    state:heap(S0, heap(Id, Objects, Inputs)),
    max_array_length(Max),
    length(Elements, Max),
    default_value(Elem, Default),
    maplist(=(Default), Elements),
    Next is Id + 1,
    state:with_heap(S0, heap(Next, [a(Id, Type, 0, Elements)|Objects], Inputs), S).

%% list_copy(+Type, ?Source, -Ref, +S0, -S, -Ex)
%
%  new ArrayList<>(Source): a new list of Source's elements; NullPointerException on a null
%  Source.
%
%  ?- state:initial(S0), heap:new_list(list(int), A, S0, S1), heap:list_add(list(int), A, 7, S1, S2, ok), heap:list_copy(list(int), A, B, S2, S, ok), state:heap(S, H).
%  B = r(1), H = heap(2,[a(1,list(int),1,[7,0,0,0,0,0,0,0]),a(0,list(int),1,[7,0,0,0,0,0,0,0])],[]), ...
list_copy(Type, Source, Ref, S0, S, Ex) :-
    list_type(Type, _),
    shaped(Type, Source, S0, S1),
    (   Source == null -> Ex = exc('java.lang.NullPointerException'), S = S1
    ;   array_cell(S1, Source, a(_, Type, Size, Elements)),
        state:heap(S1, heap(Id, Objects, Inputs)),
        Ref = r(Id),
        Next is Id + 1,
        state:with_heap(S1, heap(Next, [a(Id, Type, Size, Elements)|Objects], Inputs), S),
        Ex = ok
    ).

%% list_size(+Type, ?Ref, -Size, +S0, -S, -Ex)
%
%  List.size(); NullPointerException on a null list.
%
%  ?- state:initial(S0), heap:list_size(list(int), R, N, S0, S, ok).
%  R = r(0), N in 0..8, ...
list_size(Type, Ref, Size, S0, S, Ex) :-
    list_type(Type, _),
    shaped(Type, Ref, S0, S),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException')
    ;   array_cell(S, Ref, a(_, Type, Size, _)),
        Ex = ok
    ).

%% list_get(+Type, ?Ref, ?Index, -Value, +S0, -S, -Ex)
%
%  List.get(Index); IndexOutOfBoundsException outside 0..Size-1 (a path for each side).
%
%  ?- state:initial(S0), heap:new_list(list(int), R, S0, S1), heap:list_add(list(int), R, 7, S1, S2, ok), heap:list_get(list(int), R, 0, V, S2, _, Ex).
%  V = 7, Ex = ok, ...
list_get(Type, Ref, Index, Value, S0, S, Ex) :-
    list_type(Type, Elem),
    shaped(Type, Ref, S0, S),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException')
    ;   array_cell(S, Ref, a(_, Type, Size, Elements)),
        in_bounds(Index, Size, 'java.lang.IndexOutOfBoundsException', Ex),
        (   Ex == ok -> element_at(Elem, Index, Elements, Value) ; true )
    ).

%% list_set(+Type, ?Ref, ?Index, ?Value, -Old, +S0, -S, -Ex)
%
%  List.set(Index, Value), which returns the element it replaces; the exceptions of
%  list_get/7.
%
%  ?- state:initial(S0), heap:new_list(list(int), R, S0, S1), heap:list_add(list(int), R, 7, S1, S2, ok), heap:list_set(list(int), R, 0, 8, Old, S2, S, ok), state:heap(S, H).
%  Old = 7, H = heap(1,[a(0,list(int),1,[8,0,0,0,0,0,0,0])],[]), ...
list_set(Type, Ref, Index, Value, Old, S0, S, Ex) :-
    list_type(Type, Elem),
    shaped(Type, Ref, S0, S1),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException'), S = S1
    ;   array_cell(S1, Ref, a(Id, Type, Size, Elements0)),
        in_bounds(Index, Size, 'java.lang.IndexOutOfBoundsException', Ex),
        (   Ex == ok ->
            element_at(Elem, Index, Elements0, Old),
            element_stored(Elem, Index, Value, Elements0, Elements),
            list_replaced(S1, a(Id, Type, Size, Elements), S)
        ;   S = S1
        )
    ).

%% list_add(+Type, ?Ref, ?Value, +S0, -S, -Ex)
%
%  List.add(Value) (which returns true): Value appended. A path where the list is already
%  max_array_length/1 long is cut.
%
%  ?- state:initial(S0), heap:new_list(list(int), R, S0, S1), heap:list_add(list(int), R, 7, S1, S, ok), state:heap(S, H).
%  H = heap(1,[a(0,list(int),1,[7,0,0,0,0,0,0,0])],[]), ...
list_add(Type, Ref, Value, S0, S, Ex) :-
    list_type(Type, Elem),
    shaped(Type, Ref, S0, S1),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException'), S = S1
    ;   array_cell(S1, Ref, a(Id, Type, Size0, Elements0)),
        max_array_length(Max),
        jvm:guarded(Size0 #< Max),
        element_stored(Elem, Size0, Value, Elements0, Elements),
        Size #= Size0 + 1,
        list_replaced(S1, a(Id, Type, Size, Elements), S),
        Ex = ok
    ).

%% list_insert(+Type, ?Ref, ?Index, ?Value, +S0, -S, -Ex)
%
%  List.add(Index, Value): the elements from Index on move up one place. An index outside
%  0..Size throws IndexOutOfBoundsException (a path for each side); a list already
%  max_array_length/1 long is cut.
%
%  ?- state:initial(S0), heap:new_list(list(int), R, S0, S1), heap:list_add(list(int), R, 7, S1, S2, ok), heap:list_insert(list(int), R, 0, 5, S2, S, ok), state:heap(S, H).
%  H = heap(1,[a(0,list(int),2,[5,7,0,0,0,0,0,0])],[]), ...
list_insert(Type, Ref, Index, Value, S0, S, Ex) :-
    list_type(Type, Elem),
    shaped(Type, Ref, S0, S1),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException'), S = S1
    ;   array_cell(S1, Ref, a(Id, Type, Size0, Elements0)),
        Limit #= Size0 + 1,
        in_bounds(Index, Limit, 'java.lang.IndexOutOfBoundsException', Ex),
        (   Ex == ok ->
            max_array_length(Max),
            jvm:guarded(Size0 #< Max),
            (   numeric(Elem) -> true ; label([Index]) ),
            shifted_up(Elements0, Elem, 0, 0, Index, Value, Elements),
            Size #= Size0 + 1,
            list_replaced(S1, a(Id, Type, Size, Elements), S)
        ;   S = S1
        )
    ).

% Element K after an insertion at Index: itself below Index, Value at Index, its predecessor
% Previous above. A symbolic index (of a list of ints or longs, Elem) gives reified constraints, as
% element_stored/5 does.
shifted_up([], _, _, _, _, _, []).
shifted_up([E0|Es0], Elem, K, Previous, Index, Value, [E|Es]) :-
    (   integer(Index) ->
        (   K < Index -> E = E0 ; K =:= Index -> E = Value ; E = Previous )
    ;   jvm:value(Elem, E),
        jvm:guarded((Index #> K) #==> (E #= E0)),
        jvm:guarded((Index #= K) #==> (E #= Value)),
        jvm:guarded((Index #< K) #==> (E #= Previous))
    ),
    K1 is K + 1,
    shifted_up(Es0, Elem, K1, E0, Index, Value, Es).

%% list_remove(+Type, ?Ref, ?Index, -Value, +S0, -S, -Ex)
%
%  List.remove(int Index), which returns the element removed: the elements above Index move
%  down one place; the exceptions of list_get/7.
%
%  ?- state:initial(S0), heap:new_list(list(int), R, S0, S1), heap:list_add(list(int), R, 7, S1, S2, ok), heap:list_add(list(int), R, 8, S2, S3, ok), heap:list_remove(list(int), R, 0, V, S3, S, ok), state:heap(S, H).
%  V = 7, H = heap(1,[a(0,list(int),1,[8,0,0,0,0,0,0,0])],[]), ...
list_remove(Type, Ref, Index, Value, S0, S, Ex) :-
    list_type(Type, Elem),
    shaped(Type, Ref, S0, S1),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException'), S = S1
    ;   array_cell(S1, Ref, a(Id, Type, Size0, Elements0)),
        in_bounds(Index, Size0, 'java.lang.IndexOutOfBoundsException', Ex),
        (   Ex == ok ->
            (   numeric(Elem) -> true ; label([Index]) ),
            element_at(Elem, Index, Elements0, Value),
            default_value(Elem, Padding),
            shifted_down(Elements0, Elem, 0, Index, Padding, Elements),
            Size #= Size0 - 1,
            list_replaced(S1, a(Id, Type, Size, Elements), S)
        ;   S = S1
        )
    ).

% Element K after the removal of Index: itself below Index, its successor from Index on (the
% last position gets the Padding). A symbolic index is of a list of ints or longs (Elem).
shifted_down([], _, _, _, _, []).
shifted_down([E0|Es0], Elem, K, Index, Padding, [E|Es]) :-
    (   Es0 = [Next|_] -> true ; Next = Padding ),
    (   integer(Index) ->
        (   K < Index -> E = E0 ; E = Next )
    ;   jvm:value(Elem, E),
        jvm:guarded((Index #> K) #==> (E #= E0)),
        jvm:guarded((Index #=< K) #==> (E #= Next))
    ),
    K1 is K + 1,
    shifted_down(Es0, Elem, K1, Index, Padding, Es).

%% list_clear(+Type, ?Ref, +S0, -S, -Ex)
%
%  List.clear().
%
%  ?- state:initial(S0), heap:new_list(list(int), R, S0, S1), heap:list_add(list(int), R, 7, S1, S2, ok), heap:list_clear(list(int), R, S2, S, ok), state:heap(S, H).
%  H = heap(1,[a(0,list(int),0,[0,0,0,0,0,0,0,0])],[]), ...
list_clear(Type, Ref, S0, S, Ex) :-
    list_type(Type, Elem),
    shaped(Type, Ref, S0, S1),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException'), S = S1
    ;   array_cell(S1, Ref, a(Id, Type, _, Elements0)),
        length(Elements0, Max),
        length(Defaults, Max),
        default_value(Elem, Default),
        maplist(=(Default), Defaults),
        list_replaced(S1, a(Id, Type, 0, Defaults), S),
        Ex = ok
    ).

%% list_index_of(+Type, ?Ref, ?Value, -Index, +S0, -S, -Ex)
%
%  List.indexOf(Value) on a list of ints, longs or Strings: the first index of an element equal
%  to Value (equals: Strings by their text, null equal to null only), or -1; one path per
%  outcome, as a search loop would take.
%
%  ?- state:initial(S0), heap:new_list(list(int), R, S0, S1), heap:list_add(list(int), R, 7, S1, S2, ok), heap:list_index_of(list(int), R, X, I, S2, _, ok).
%  X = 7, I = 0 ; I = -1, X in ..6\/8.. .
list_index_of(Type, Ref, Value, Index, S0, S, Ex) :-
    must_be_value_list(Type, Elem),
    shaped(Type, Ref, S0, S),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException')
    ;   array_cell(S, Ref, a(_, Type, Size, Elements)),
        (   Elem == string -> first_equal_string(Elements, 0, Size, Value, Index)
        ;   first_index(Elements, 0, Size, Value, Index)
        ),
        Ex = ok
    ).

first_index(Elements, K, Size, Value, Index) :-
    (   jvm:guarded(K #>= Size),
        Index = -1
    ;   jvm:guarded(K #< Size),
        nth0(K, Elements, Element),
        (   jvm:guarded(Element #= Value),
            Index = K
        ;   jvm:guarded(Element #\= Value),
            K1 is K + 1,
            first_index(Elements, K1, Size, Value, Index)
        )
    ).

first_equal_string(Elements, K, Size, Value, Index) :-
    (   jvm:guarded(K #>= Size),
        Index = -1
    ;   jvm:guarded(K #< Size),
        nth0(K, Elements, Element0),
        resolved(Element0, Element),
        strings_equal(Value, Element, Equal),
        (   jvm:guarded(Equal #= 1),
            Index = K
        ;   jvm:guarded(Equal #= 0),
            K1 is K + 1,
            first_equal_string(Elements, K1, Size, Value, Index)
        )
    ).

% Objects.equals of Value and an element, Equal 0/1: null equals null only, else the texts
% compare. An element no path has looked at yet is not split on null when Value is not null:
% a null element and a different text take the same way through the search, so only the
% latter is explored (fewer paths, none the code could tell apart).
strings_equal(Value, Element, Equal) :-
    strings:shape(Value),
    (   Value == null ->
        strings:shape(Element),
        (   Element == null -> Equal = 1 ; Equal = 0 )
    ;   (   var(Element) ->
            strings:max_length(Max),
            Element = s(Len, _),
            Len in 0..Max
        ;   true
        ),
        (   Element == null -> Equal = 0 ; strings:equal(Value, Element, Equal) )
    ).

%% list_remove_value(+Type, ?Ref, ?Value, -Removed, +S0, -S, -Ex)
%
%  List.remove(Object) on a list of Strings: the first element equal to Value removed, Removed
%  1; or 0 when there is none (the paths of list_index_of/7).
%
%  ?- state:initial(S0), heap:new_list(list(string), R, S0, S1), strings:literal("a", A), heap:list_add(list(string), R, A, S1, S2, ok), heap:list_remove_value(list(string), R, A, F, S2, S, ok), heap:list_size(list(string), R, N, S, _, ok).
%  F = 1, N = 0 ; false.
list_remove_value(Type, Ref, Value, Removed, S0, S, Ex) :-
    list_index_of(Type, Ref, Value, Index, S0, S1, Ex),
    (   Ex == ok, Index >= 0 -> list_remove(Type, Ref, Index, _, S1, S, ok), Removed = 1
    ;   Ex == ok -> Removed = 0, S = S1
    ;   S = S1
    ).

%% list_contains(+Type, ?Ref, ?Value, -Found, +S0, -S, -Ex)
%
%  List.contains(Value) on a list of ints, longs or Strings, Found 1 or 0: the paths of list_index_of/7 (one
%  per first match, or none). One path for any match, a reified disjunction, leaves clpz
%  unable to refute a later search that contradicts it (indexOf after contains), and
%  labelling then searches for it.
%
%  ?- state:initial(S0), heap:new_list(list(int), R, S0, S1), heap:list_add(list(int), R, 7, S1, S2, ok), heap:list_contains(list(int), R, 7, F, S2, _, ok).
%  F = 1 ; false.
list_contains(Type, Ref, Value, Found, S0, S, Ex) :-
    list_index_of(Type, Ref, Value, Index, S0, S, Ex),
    (   Ex == ok -> ( Index >= 0 -> Found = 1 ; Found = 0 ) ; true ).

%% new_map(+Type, -Ref, +S0, -S)
%
%  new HashMap<>() (or LinkedHashMap): an empty map of Type, map(Key, Value).
%
%  ?- state:initial(S0), heap:new_map(map(string, box(int)), R, S0, S), state:heap(S, heap(_, [a(0, T, N, _)], _)).
%  R = r(0), T = map(string,box(int)), N = 0, ...
new_map(Type, r(Id), S0, S) :-
    map_type(Type),
    state:heap(S0, heap(Id, Objects, Inputs)),
    max_array_length(Max),
    Slots is 2 * Max,
    length(Entries, Slots),
    maplist(=(null), Entries),
    Next is Id + 1,
    state:with_heap(S0, heap(Next, [a(Id, Type, 0, Entries)|Objects], Inputs), S).

%% map_lookup(+Type, ?Ref, ?Key, -Index, -Value, +S0, -S, -Ex)
%
%  The entry of Key: Index its position (-1 when no key equals Key) and Value its value (null
%  when there is none): get, containsKey and getOrDefault. One path per outcome of the search.
%
%  ?- state:initial(S0), heap:new_map(map(box(int), box(int)), R, S0, S1), heap:map_put(map(box(int), box(int)), R, box(1), box(5), _, S1, S2, ok), heap:map_lookup(map(box(int), box(int)), R, box(X), I, V, S2, _, ok).
%  X = 1, I = 0, V = box(5), ... ; I = -1, V = null, X in inf..0\/2..sup, ... .
map_lookup(Type, Ref, Key, Index, Value, S0, S, Ex) :-
    map_type(Type),
    shaped(Type, Ref, S0, S),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException')
    ;   array_cell(S, Ref, a(_, Type, Size, Entries)),
        Type = map(KeyKind, _),
        key_index(Entries, KeyKind, 0, Size, Key, Index),
        (   Index >= 0 -> Slot is 2 * Index + 1, nth0(Slot, Entries, Value) ; Value = null ),
        Ex = ok
    ).

key_index(Entries, KeyKind, K, Size, Key, Index) :-
    (   K >= Size -> Index = -1
    ;   Slot is 2 * K,
        nth0(Slot, Entries, Stored),
        keys_equal(KeyKind, Key, Stored, Equal),
        (   jvm:guarded(Equal #= 1),
            Index = K
        ;   jvm:guarded(Equal #= 0),
            K1 is K + 1,
            key_index(Entries, KeyKind, K1, Size, Key, Index)
        )
    ).

% Equal (0/1) is whether two keys are equal: Strings by their text, boxes by their values,
% null equal to null only.
keys_equal(string, Key, Stored, Equal) :- strings_equal(Key, Stored, Equal).
keys_equal(box(Type), Key, Stored, Equal) :- boxes:objects_equal(Type, Key, Stored, Equal).

%% map_put(+Type, ?Ref, ?Key, ?Value, -Old, +S0, -S, -Ex)
%
%  Map.put(Key, Value), which returns the value it replaces (null when Key had none): the
%  entry's value replaced, or a new entry last. A path where the map already has
%  max_array_length/1 entries and gets another is cut.
%
%  ?- state:initial(S0), heap:new_map(map(string, box(int)), R, S0, S1), strings:literal("a", A), heap:map_put(map(string, box(int)), R, A, box(1), Old, S1, S, ok), heap:map_size(map(string, box(int)), R, N, S, _, ok).
%  Old = null, N = 1, ...
map_put(Type, Ref, Key, Value, Old, S0, S, Ex) :-
    map_lookup(Type, Ref, Key, Index, Old, S0, S1, Ex),
    (   Ex == ok -> entry_stored(Ref, Index, Key, Value, S1, S) ; S = S1 ).

%% map_put_if_absent(+Type, ?Ref, ?Key, ?Value, -Old, +S0, -S, -Ex)
%
%  Map.putIfAbsent(Key, Value): the value of Key when it is not null (the map unchanged), else
%  null, with Value stored for Key.
%
%  ?- state:initial(S0), heap:new_map(map(box(int), box(int)), R, S0, S1), heap:map_put_if_absent(map(box(int), box(int)), R, box(1), box(2), O1, S1, S2, ok), heap:map_put_if_absent(map(box(int), box(int)), R, box(1), box(3), O2, S2, _, ok).
%  O1 = null, O2 = box(2), ...
map_put_if_absent(Type, Ref, Key, Value, Old, S0, S, Ex) :-
    map_lookup(Type, Ref, Key, Index, Old, S0, S1, Ex),
    (   Ex == ok ->
        Type = map(_, ValueKind),
        value_shaped(ValueKind, Old),
        (   Old == null -> entry_stored(Ref, Index, Key, Value, S1, S) ; S = S1 )
    ;   S = S1
    ).

% The entry Index (-1: a new one, last) of the map Ref holding Key and Value.
entry_stored(Ref, Index, Key, Value, S0, S) :-
    array_cell(S0, Ref, a(Id, Type, Size0, Entries0)),
    (   Index >= 0 ->
        Slot is 2 * Index + 2,
        replaced(Entries0, Slot, Value, Entries),
        Size = Size0
    ;   max_array_length(Max),
        jvm:guarded(Size0 #< Max),
        KeySlot is 2 * Size0 + 1,
        ValueSlot is KeySlot + 1,
        replaced(Entries0, KeySlot, Key, Entries1),
        replaced(Entries1, ValueSlot, Value, Entries),
        Size is Size0 + 1
    ),
    list_replaced(S0, a(Id, Type, Size, Entries), S).

value_shaped(string, V) :- strings:shape(V).
value_shaped(box(Type), V) :- boxes:shape(Type, V).

%% map_remove(+Type, ?Ref, ?Key, -Old, +S0, -S, -Ex)
%
%  Map.remove(Key), which returns the value removed (null when Key had no entry): the later
%  entries move down one place, keeping their order.
%
%  ?- state:initial(S0), heap:new_map(map(box(int), box(int)), R, S0, S1), heap:map_put(map(box(int), box(int)), R, box(1), box(2), _, S1, S2, ok), heap:map_remove(map(box(int), box(int)), R, box(1), Old, S2, S, ok), heap:map_size(map(box(int), box(int)), R, N, S, _, ok).
%  Old = box(2), N = 0, ...
map_remove(Type, Ref, Key, Old, S0, S, Ex) :-
    map_lookup(Type, Ref, Key, Index, Old, S0, S1, Ex),
    (   Ex == ok, Index >= 0 ->
        array_cell(S1, Ref, a(Id, Type, Size0, Entries0)),
        Before is 2 * Index,
        length(Kept, Before),
        append(Kept, [_, _|After], Entries0),
        append([Kept, After, [null, null]], Entries),
        Size is Size0 - 1,
        list_replaced(S1, a(Id, Type, Size, Entries), S)
    ;   S = S1
    ).

%% map_size(+Type, ?Ref, -Size, +S0, -S, -Ex)
%
%  Map.size(); NullPointerException on a null map.
map_size(Type, Ref, Size, S0, S, Ex) :-
    map_type(Type),
    shaped(Type, Ref, S0, S),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException')
    ;   array_cell(S, Ref, a(_, Type, Size, _)),
        Ex = ok
    ).

%% map_clear(+Type, ?Ref, +S0, -S, -Ex)
%
%  Map.clear().
map_clear(Type, Ref, S0, S, Ex) :-
    map_type(Type),
    shaped(Type, Ref, S0, S1),
    (   Ref == null -> Ex = exc('java.lang.NullPointerException'), S = S1
    ;   array_cell(S1, Ref, a(Id, Type, _, Entries0)),
        length(Entries0, Slots),
        length(Entries, Slots),
        maplist(=(null), Entries),
        list_replaced(S1, a(Id, Type, 0, Entries), S),
        Ex = ok
    ).

map_type(Type) :-
    (   nonvar(Type), Type = map(Key, Value), map_key(Key), map_value(Value) -> true
    ;   type_error(map_type, Type)
    ).

map_key(Key) :- nonvar(Key), ( Key == string ; Key = box(T), memberchk(T, [int, long]) ), !.
map_value(Value) :- nonvar(Value), ( Value == string ; Value = box(T), memberchk(T, [int, long, boolean]) ), !.

% The elements of lists of objects of the sources compare with their equals, which is not
% modelled; ints, longs and Strings compare by value.
must_be_value_list(Type, Elem) :-
    (   Type = list(Elem), memberchk(Elem, [int, long, string]) -> true
    ;   domain_error(list_of_values, Type)
    ).

list_type(Type, Elem) :-
    (   Type = list(Elem), ( Elem == int ; Elem == long ; Elem == string ; nonvar(Elem), Elem = obj(Class), atom(Class) ) -> true
    ;   type_error(list_type, Type)
    ).

% The state with the list cell of the same id replaced by Cell.
list_replaced(S0, Cell, S) :-
    arg(1, Cell, Id),
    state:heap(S0, heap(Next, Objects0, Inputs)),
    cell_replaced(Objects0, Id, Cell, Objects),
    state:with_heap(S0, heap(Next, Objects, Inputs), S).

array_type(Type, Elem) :-
    (   Type = array(Elem), nonvar(Elem) -> true
    ;   type_error(array_type, Type)
    ).

array_cell(S, r(Id), Cell) :-
    state:heap(S, heap(_, Objects, _)),
    Cell = a(Id, _, _, _),
    memberchk(Cell, Objects).

% Index in 0..Length-1, or Exception. Out of bounds below and above are two paths: as one
% reified disjunction, clpz could not refute an index that other constraints keep in bounds,
% and labelling would search for it.
in_bounds(Index, Length, Exception, Ex) :-
    (   jvm:guarded(Index #< 0),
        Ex = exc(Exception)
    ;   jvm:guarded(Index #>= Length),
        Ex = exc(Exception)
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
default_value(double, 0).
default_value(byte, 0).
default_value(short, 0).
default_value(char, 0).
default_value(float, 0).
default_value(string, null).
default_value(ref, null).
default_value(obj(_), null).

fresh_value(int, V) :- jvm:value(int, V).
fresh_value(long, V) :- jvm:value(long, V).
fresh_value(boolean, V) :- jvm:value(boolean, V).
fresh_value(double, V) :- jvm:value(double, V).
fresh_value(float, V) :- jvm:value(float, V).
fresh_value(byte, V) :- jvm:value(byte, V).
fresh_value(short, V) :- jvm:value(short, V).
fresh_value(char, V) :- jvm:value(char, V).
fresh_value(string, _).
fresh_value(ref, _).

/* Composition of a summary case at a call site (Albert et al., Definition 1). A case of a
   method whose inputs or result may be objects ends with heap(Initial, Final): the input
   objects it looked at, as it first saw them, and every object it knows at its end, both in
   the callee's own ids, computed once under the most general heap. At a call site the case's
   inputs are matched against the caller's arguments as the lazy heap would shape them: a
   reference the case looked at and the caller knows (r(K)) maps the case's id to K, and the
   case's view of the object must agree with the caller's object (class, then each field in
   turn); a reference the caller has not looked at yet is shaped as shaped/4 would do it,
   null, a fresh input object, or an input object already seen (aliasing), one path each.
   Ids map one to one: a case whose distinct objects the caller has as one object does not
   match, the case where they alias does. A static fields' object maps to the caller's one of
   the same pseudo-class. Then the case's final objects replace the caller's mapped ones, and
   the objects the case created get new ids in the caller's heap.

   A value the case never looked at (an unbound variable in its view) stands for whatever the
   caller has there: unified with it, unless the caller's value is (or holds) a reference,
   whose id belongs to the caller, then substituted for it when the case's final objects, result
   and exception are translated into the caller's ids. */

%% composed(+Case, +Caller, +S0, -S)
%
%  Case is case(Initial, Final, Inputs, Out, Receivers): a summary case's heap event, its
%  inputs and outputs (result and exception, as a term), and the classes whose objects its
%  receiver may be (those of an instance method's implementation; [] for other methods);
%  Caller is caller(Inputs, Out), the call site's arguments and its outputs, which receive the
%  case's outputs in the caller's ids.
%
%  ?- state:initial(S0), heap:new(layout(c, [int]), R, S0, S1), heap:composed(case([o(0, c, [X])], [o(0, c, [7])], [r(0)], X, [c]), caller([R], V), S1, S), state:heap(S, H).
%  V = 0, H = heap(1,[o(0,c,[7])],[]), ...
composed(case(Initial, Final, CaseInputs0, CaseOut, Receivers), caller(Inputs0, Out), S0, S) :-
    must_be(list, Initial),
    must_be(list, Final),
    must_be(list, Receivers),
    state:heap(S0, Heap0),
    receiver_matched(Receivers, CaseInputs0, Inputs0, CaseInputs, Inputs, Initial, m([], [], [], Heap0), M0),
    matched_values(CaseInputs, Inputs, Initial, M0, M1),
    statics_matched(Initial, Initial, M1, M2),
    M2 = m(Ids0, Substitutions0, Deferred, heap(Next0, Objects0, HeapInputs)),
    (   maplist(id_mapped(Ids0), Initial) -> true ; abandon_composition ),
    foldl(deferred_unified, Deferred, Substitutions0, Substitutions),
    foldl(created_id, Final, Ids0-Next0, Ids-Next),
    maplist(cell_translated(Ids, Substitutions), Final, Cells),
    translated(Ids, Substitutions, CaseOut, Out),
    foldl(cell_applied(Ids0), Cells, Objects0, Objects),
    state:with_heap(S0, heap(Next, Objects, HeapInputs), S).

% A case whose input objects are not all reached from its inputs or its static fields is
% beyond this composition: the path is abandoned as for a model limit.
abandon_composition :- jvm:abandon.

id_mapped(Ids, Cell) :-
    arg(1, Cell, Id),
    memberchk(Id-_, Ids).

matched_values([], [], _, M, M).
matched_values([C|Cs], [V|Vs], Initial, M0, M) :-
    matched_value(C, V, Initial, M0, M1),
    matched_values(Cs, Vs, Initial, M1, M).

% matched_value(+CaseValue, ?CallerValue, +Initial, +M0, -M): M is m(Ids, Substitutions,
% Deferred, Heap): case id - caller id pairs, case variable - caller term pairs, case
% variable - caller variable pairs unified once matching is done (the caller's variable may
% be shaped into a reference meanwhile), and the caller's heap.
matched_value(C, V, Initial, M0, M) :-
    (   var(C) ->
        M0 = m(Ids, Ss, Ds, H),
        (   var(V) -> M = m(Ids, Ss, [C-V|Ds], H)
        ;   holds_reference(V) -> M = m(Ids, [C-V|Ss], Ds, H)
        ;   C = V, M = M0
        )
    ;   C == null -> V = null, M = M0
    ;   C = r(Id), integer(Id) -> reference_matched(Id, V, Initial, M0, M)
    ;   \+ holds_reference(C) -> C = V, M = M0
    ;   nonvar(V), functor(C, F, N), functor(V, F, N) ->
        C =.. [_|Cs], V =.. [_|Vs],
        matched_values(Cs, Vs, Initial, M0, M)
    ;   abandon_composition
    ).

holds_reference(T) :-
    (   var(T) -> false
    ;   T = r(Id), integer(Id) -> true
    ;   T = s(_, _) -> false
    ;   compound(T) -> T =.. [_|As], member(A, As), holds_reference(A), !
    ;   false
    ).

% The case's object Id against the caller's value V at the same place.
reference_matched(Id, V, Initial, M0, M) :-
    M0 = m(Ids, _, _, heap(_, _, Inputs)),
    (   memberchk(Id-K, Ids) ->
        M = M0,
        (   nonvar(V) -> V == r(K)
        ;   % The caller has not looked at V: it aliases an input object already mapped.
            cell_with_id(Inputs, K, _),
            V = r(K)
        )
    ;   nonvar(V) ->
        V = r(K),
        \+ member(_-K, Ids),
        mapped(Id, K, Initial, M0, M)
    ;   cell_with_id(Initial, Id, Cell),
        (   fresh_skeleton(Cell, K, M0, M1),
            V = r(K),
            mapped(Id, K, Initial, M1, M)
        ;   member(Alias, Inputs),
            same_kind(Cell, Alias),
            arg(1, Alias, K),
            \+ member(_-K, Ids),
            V = r(K),
            mapped(Id, K, Initial, M0, M)
        )
    ).

cell_with_id([Cell|Cells], Id, Found) :-
    arg(1, Cell, Id0),
    (   Id0 == Id -> Found = Cell ; cell_with_id(Cells, Id, Found) ).

same_kind(o(_, Class, _), o(_, Class, _)).
same_kind(a(_, Elem, _, _), a(_, Elem, _, _)).

% A fresh input object of the caller, of the case's object's class, its fields not looked at
% yet: matching them against the case's view gives them their first values.
fresh_skeleton(Cell, K, m(Ids, Ss, Ds, heap(K, Objects, Inputs)), m(Ids, Ss, Ds, heap(Next, [Fresh|Objects], [Fresh|Inputs]))) :-
    (   Cell = o(_, Class, Fields) ->
        length(Fields, N), length(Unseen, N), Fresh = o(K, Class, Unseen)
    ;   Cell = a(_, Elem, _, Elements) ->
        length(Elements, N), length(Unseen, N), Fresh = a(K, Elem, _, Unseen)
    ),
    Next is K + 1.

% Case id Id is the caller's K: the case's view of it must agree with the caller's object.
mapped(Id, K, Initial, m(Ids, Ss, Ds, H), M) :-
    M1 = m([Id-K|Ids], Ss, Ds, H),
    (   cell_with_id(Initial, Id, Seen) ->
        H = heap(_, Objects, _),
        cell_with_id(Objects, K, Current),
        cell_matched(Seen, Current, Initial, M1, M)
    ;   % Created by the case before its code ran: a constructor's receiver.
        M = M1
    ).

cell_matched(o(_, Class, Fields), o(_, Class1, Current), Initial, M0, M) :-
    Class == Class1,
    matched_values(Fields, Current, Initial, M0, M).
cell_matched(a(_, Elem, Length, Elements), a(_, Elem1, Length1, Current0), Initial, M0, M) :-
    Elem == Elem1,
    maplist(resolved, Current0, Current),
    matched_values([Length|Elements], [Length1|Current], Initial, M0, M).

% A super call (`super.m()`) runs an implementation on an object of a subclass that
% overrides it, a class not among the implementation's receivers: the case's view of its
% receiver is the superclass's, the first fields of the object (a layout puts the
% superclasses' fields first). Any other receiver is matched as an input.
receiver_matched(Receivers, CaseInputs0, Inputs0, CaseInputs, Inputs, Initial, M0, M) :-
    (   CaseInputs0 = [C|CaseInputs], nonvar(C), C = r(Id), integer(Id),
        Inputs0 = [V|Inputs], nonvar(V), V = r(K),
        cell_with_id(Initial, Id, o(_, _, Seen)),
        M0 = m(Ids, Ss, Ds, H),
        H = heap(_, Objects, _),
        cell_with_id(Objects, K, o(_, Class, Current)),
        \+ memberchk(Class, Receivers) ->
        length(Seen, N),
        length(Prefix, N),
        append(Prefix, _, Current),
        matched_values(Seen, Prefix, Initial, m([Id-K|Ids], Ss, Ds, H), M)
    ;   CaseInputs = CaseInputs0, Inputs = Inputs0, M = M0
    ).

% The case's static fields' objects not reached otherwise: the caller's of the same
% pseudo-class, or a fresh one (as statics/4 makes it).
statics_matched([], _, M, M).
statics_matched([Cell|Cells], Initial, M0, M) :-
    M0 = m(Ids, _, _, heap(_, Objects, _)),
    (   Cell = o(Id, Class, _),
        \+ memberchk(Id-_, Ids),
        atom_concat('static ', _, Class) ->
        (   memberchk(o(K, Class, _), Objects) -> M1 = M0
        ;   fresh_skeleton(Cell, K, M0, M1)
        ),
        mapped(Id, K, Initial, M1, M2)
    ;   M2 = M0
    ),
    statics_matched(Cells, Initial, M2, M).

deferred_unified(C-V, Ss0, Ss) :-
    (   holds_reference(V) -> Ss = [C-V|Ss0]
    ;   C = V, Ss = Ss0
    ).

% An object the case created gets the caller's next id.
created_id(Cell, Ids0-Next0, Ids-Next) :-
    arg(1, Cell, Id),
    (   memberchk(Id-_, Ids0) -> Ids = Ids0, Next = Next0
    ;   Ids = [Id-Next0|Ids0], Next is Next0 + 1
    ).

cell_translated(Ids, Ss, Cell0, Cell) :-
    Cell0 =.. [Kind, Id|Parts0],
    memberchk(Id-K, Ids),
    maplist(translated(Ids, Ss), Parts0, Parts),
    Cell =.. [Kind, K|Parts].

% A term of the case in the caller's ids.
translated(Ids, Ss, T0, T) :-
    (   var(T0) -> ( substituted(Ss, T0, T1) -> T = T1 ; T = T0 )
    ;   T0 = r(Id), integer(Id) -> memberchk(Id-K, Ids), T = r(K)
    ;   atomic(T0) -> T = T0
    ;   T0 = s(_, _) -> T = T0
    ;   T0 =.. [F|As], maplist(translated(Ids, Ss), As, Bs), T =.. [F|Bs]
    ).

substituted([C-V|Ss], T0, T) :-
    (   C == T0 -> T = V ; substituted(Ss, T0, T) ).

% The case's final object replaces the caller's (an object it looked at), or is new. A
% receiver of a subclass (receiver_matched/8) keeps its class and its own fields.
cell_applied(Mapped, Cell0, Objects0, Objects) :-
    arg(1, Cell0, K),
    (   member(_-K0, Mapped), K0 == K ->
        (   Cell0 = o(K, Class0, Fields0),
            cell_with_id(Objects0, K, o(_, Class, Current)),
            Class \== Class0 ->
            length(Fields0, N),
            length(Prefix, N),
            append(Prefix, Own, Current),
            append(Fields0, Own, Fields),
            Cell = o(K, Class, Fields)
        ;   Cell = Cell0
        ),
        cell_replaced(Objects0, K, Cell, Objects)
    ;   Objects = [Cell0|Objects0]
    ).
