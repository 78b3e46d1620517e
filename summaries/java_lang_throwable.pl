/* Hand-written summary of what a caught exception tells about itself: getMessage(). An
   exception a `throw new` of the code raised is 'Class'(Message, Cause) when the front end
   followed its constructor (translate.rs), or 'Class'(Message, Cause, Fields) for a class of the
   sources with fields, Message a string, null, or unknown (a constructor
   that computes it, a class overriding getMessage(), a message made from a cause). The JVM's
   own exceptions (an atom: NullPointerException, ArithmeticException, ...) and the SQLExceptions
   the database raises ('java.sql.SQLException'(Violation)) carry the text of the JVM or of the
   database engine, which the model does not know: a path that reads it is abandoned (reported
   as one the model cannot follow), never given a made-up text.
*/

:- use_module(library(lists)).

% Called on e.getCause() too, which is null when the exception has no cause.
'java.lang.Throwable.getMessage(Throwable)'([E], R, S, S, Ex) :-
    (   E == null -> Ex = exc('java.lang.NullPointerException')
    ;   compound(E), functor(E, _, A), A >= 2, arg(1, E, M), M \== unknown -> R = M, Ex = ok
    ;   jvm:abandon
    ).

/* A getter of a field of an exception class of the sources, called on a caught exception: the
   field at Position of what its constructor stored, 'Class'(Message, Cause, Fields) with
   Fields a list of f(Getter, Type, Value) in the class's layout (a subclass's extends its
   superclass's, so a position means the same field whichever subclass was thrown). A value
   the front end did not follow is unknown, and an exception whose constructor it did not
   follow carries no fields: the path is abandoned, never given a made-up value. */
'java.lang.Throwable.intField(Throwable,int)'([E, Position], R, S, S, ok) :- field(E, Position, R).
'java.lang.Throwable.longField(Throwable,int)'([E, Position], R, S, S, ok) :- field(E, Position, R).
'java.lang.Throwable.booleanField(Throwable,int)'([E, Position], R, S, S, ok) :- field(E, Position, R).
'java.lang.Throwable.stringField(Throwable,int)'([E, Position], R, S, S, ok) :- field(E, Position, R).

field(E, Position, R) :-
    (   compound(E), functor(E, _, 3), arg(3, E, Fields),
        nth0(Position, Fields, f(_, _, V)), V \== unknown -> R = V
    ;   jvm:abandon
    ).

/* getCause() of a caught exception: the cause its constructor was given. An exception the JVM
   or the database threw, or one whose constructor the front end did not follow, has a cause
   the model does not know: the path is abandoned. */
'java.lang.Throwable.getCause(Throwable)'([E], R, S, S, ok) :-
    (   compound(E), functor(E, _, A), A >= 2 -> arg(2, E, R)
    ;   jvm:abandon
    ).
