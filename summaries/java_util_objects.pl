/* Hand-written summaries of java.util.Objects.requireNonNull on the values that are not heap
   objects (the front end checks an object reference with Inst::CheckNotNull): the value
   itself, or NullPointerException when it is null. The message of the two-argument form is
   evaluated by the caller and only becomes the exception's message.
*/

'java.util.Objects.requireNonNull(String)'([V], V, S, S, Ex) :-
    strings:shape(V),
    null_pointer(V, Ex).
'java.util.Objects.requireNonNull(Integer)'([V], V, S, S, Ex) :-
    boxes:shape(int, V),
    null_pointer(V, Ex).
'java.util.Objects.requireNonNull(Long)'([V], V, S, S, Ex) :-
    boxes:shape(long, V),
    null_pointer(V, Ex).
'java.util.Objects.requireNonNull(Boolean)'([V], V, S, S, Ex) :-
    boxes:shape(boolean, V),
    null_pointer(V, Ex).
'java.util.Objects.requireNonNull(java.util.Date)'([V], V, S, S, Ex) :-
    boxes:shape(date, V),
    null_pointer(V, Ex).
'java.util.Objects.requireNonNull(java.sql.Date)'([V], V, S, S, Ex) :-
    boxes:shape(date, V),
    null_pointer(V, Ex).
'java.util.Objects.requireNonNull(java.sql.Timestamp)'([V], V, S, S, Ex) :-
    boxes:shape(date, V),
    null_pointer(V, Ex).

null_pointer(V, Ex) :-
    (   V == null -> Ex = exc('java.lang.NullPointerException') ; Ex = ok ).
