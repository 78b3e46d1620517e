/* Hand-written summary of what a caught exception tells about itself: getMessage(). An
   exception a `throw new` of the code raised is 'Class'(Message, Cause) when the front end
   followed its constructor (translate.rs), Message a string, null, or unknown (a constructor
   that computes it, a class overriding getMessage(), a message made from a cause). The JVM's
   own exceptions (an atom: NullPointerException, ArithmeticException, ...) and the SQLExceptions
   the database raises ('java.sql.SQLException'(Violation)) carry the text of the JVM or of the
   database engine, which the model does not know: a path that reads it is abandoned (reported
   as one the model cannot follow), never given a made-up text.
*/

'java.lang.Throwable.getMessage(Throwable)'([E], R, S, S, ok) :-
    (   compound(E), functor(E, _, 2), arg(1, E, M), M \== unknown -> R = M
    ;   jvm:abandon
    ).
