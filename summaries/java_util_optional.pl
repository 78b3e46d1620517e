/* Hand-written summaries of java.util.Optional: a value null, empty, or present(V) with V
   never null. Each takes first what the Optional holds, as the translation writes it
   (string, box(Type), enum(Names), object(Layout) or unknown), because a held value's null
   test depends on its kind; instance methods take the Optional next. A null receiver
   throws NullPointerException; get() and orElseThrow() of an empty one
   NoSuchElementException; orElseThrow(() -> new X(...)) the class X its supplier makes
   (passed as its name). These checks are inside the library: paths, not branches.
*/

:- use_module(library(clpz)).
:- use_module(library(error)).

'java.util.Optional.empty()'([_], empty, S, S, ok).

'java.util.Optional.of(Object)'([Held, V], R, S0, S, Ex) :-
    optional_held_null(Held, V, Null, S0, S),
    (   Null == t -> Ex = exc('java.lang.NullPointerException')
    ;   Ex = ok, R = present(V)
    ).

'java.util.Optional.ofNullable(Object)'([Held, V], R, S0, S, ok) :-
    optional_held_null(Held, V, Null, S0, S),
    (   Null == t -> R = empty ; R = present(V) ).

'java.util.Optional.isPresent(java.util.Optional)'([_, O], R, S, S, Ex) :-
    optional_receiver(O, Ex),
    (   Ex == ok -> optional_present_bit(O, R) ; true ).

'java.util.Optional.isEmpty(java.util.Optional)'([_, O], R, S, S, Ex) :-
    optional_receiver(O, Ex),
    (   Ex == ok -> optional_present_bit(O, P), R is 1 - P ; true ).

'java.util.Optional.get(java.util.Optional)'([_, O], R, S, S, Ex) :-
    optional_held_or_throw(O, 'java.util.NoSuchElementException', R, Ex).

'java.util.Optional.orElseThrow(java.util.Optional)'([_, O], R, S, S, Ex) :-
    optional_held_or_throw(O, 'java.util.NoSuchElementException', R, Ex).

'java.util.Optional.orElseThrow(java.util.Optional,String)'([_, O, Name], R, S, S, Ex) :-
    optional_class_named(Name, Class),
    optional_held_or_throw(O, Class, R, Ex).

'java.util.Optional.orElse(java.util.Optional,Object)'([_, O, Other], R, S, S, Ex) :-
    optional_receiver(O, Ex),
    (   Ex == ok -> ( O = present(V) -> R = V ; R = Other ) ; true ).

% Null is t when the value V an Optional is made of is null, f otherwise; an input not yet
% shaped gets its shape (a path each way).
optional_held_null(unknown, V, Null, S, S) :-
    (   V == null -> Null = t ; Null = f ).
optional_held_null(string, V, Null, S, S) :-
    strings:shape(V),
    (   V == null -> Null = t ; Null = f ).
optional_held_null(box(Type), V, Null, S, S) :-
    boxes:shape(Type, V),
    (   V == null -> Null = t ; Null = f ).
optional_held_null(enum(Names), V, Null, S, S) :-
    enums:index(Names, V, I),
    (   jvm:guarded(I #= -1), Null = t
    ;   jvm:guarded(I #>= 0), Null = f
    ).
optional_held_null(object(Shape), V, Null, S0, S) :-
    heap:check_not_null(Shape, V, S0, S, Ex),
    (   Ex == ok -> Null = f ; Null = t ).

optional_receiver(O, Ex) :-
    (   O == null -> Ex = exc('java.lang.NullPointerException')
    ;   O == empty -> Ex = ok
    ;   O = present(_) -> Ex = ok
    ;   type_error(optional, O)
    ).

optional_present_bit(empty, 0).
optional_present_bit(present(_), 1).

optional_held_or_throw(O, Class, R, Ex) :-
    optional_receiver(O, Ex0),
    (   Ex0 \== ok -> Ex = Ex0
    ;   O = present(V) -> R = V, Ex = ok
    ;   Ex = exc(Class)
    ).

% The class a supplier's exception has, from the text of its name.
optional_class_named(Name, Class) :-
    strings:codes(Name, Codes),
    Name = s(Len, _),
    optional_prefix(Len, Codes, Prefix),
    atom_codes(Class, Prefix).

optional_prefix(0, _, []) :- !.
optional_prefix(N, [C|Cs], [C|Ps]) :-
    N1 is N - 1,
    optional_prefix(N1, Cs, Ps).
