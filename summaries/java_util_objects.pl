/* Hand-written summaries of java.util.Objects.requireNonNull on the values that are not heap
   objects (the front end checks an object reference with Inst::CheckNotNull): the value
   itself, or NullPointerException when it is null. The message of the two-argument form is
   evaluated by the caller and only becomes the exception's message.

   Objects.equals of two Strings, and the hashCode() of each value Objects.hash boxes into its
   array (0 for null; lower/equality.rs calls them hashCode with the value's type, a primitive
   one boxed there): Long.hashCode is (int)(v ^ (v >>> 32)), Boolean.hashCode 1231 or 1237,
   Integer.hashCode the value, String.hashCode strings:hash_code/2.
*/

:- use_module(library(clpz)).

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

'java.util.Objects.equals(String,String)'([A, B], R, S, S, ok) :-
    strings:shape(A),
    (   A == null -> strings:shape(B), ( B == null -> R = 1 ; R = 0 )
    ;   strings:equal(A, B, R)
    ).

'java.util.Objects.hashCode(String)'([V], H, S, S, ok) :-
    strings:shape(V),
    (   V == null -> H = 0 ; strings:hash_code(V, H) ).
'java.util.Objects.hashCode(Integer)'([B], H, S, S, ok) :-
    boxes:shape(int, B),
    (   B == null -> H = 0 ; B = box(H) ).
'java.util.Objects.hashCode(Long)'([B], H, S, S, ok) :-
    boxes:shape(long, B),
    (   B == null -> H = 0 ; B = box(V), long_hash(V, H) ).
'java.util.Objects.hashCode(Boolean)'([B], H, S, S, ok) :-
    boxes:shape(boolean, B),
    (   B == null -> H = 0 ; B = box(V), boolean_hash(V, H) ).
'java.util.Objects.hashCode(long)'([V], H, S, S, ok) :- long_hash(V, H).
'java.util.Objects.hashCode(boolean)'([V], H, S, S, ok) :- boolean_hash(V, H).

% (int)(V ^ (V >>> 32)): the low 32 bits of V xor its high 32 bits, as an int.
long_hash(V, H) :-
    Low #= V mod 4294967296,
    High #= (V div 4294967296) mod 4294967296,
    X #= xor(Low, High),
    H in -2147483648..2147483647,
    H #= X - 4294967296 * (X // 2147483648).

boolean_hash(V, H) :- H #= 1237 - 6 * V.

% Objects.isNull(x) and nonNull(x) take first what kind of value x is (string, box(Type),
% enum(Names), object(Layout), or unknown for the null literal), as Optional's summaries do,
% whose null test (optional_held_null/5) they share: a path each way, no branch.
'java.util.Objects.isNull(Object)'([Held, V], R, S0, S, ok) :-
    optional_held_null(Held, V, Null, S0, S),
    (   Null == t -> R = 1 ; R = 0 ).
'java.util.Objects.nonNull(Object)'([Held, V], R, S0, S, ok) :-
    optional_held_null(Held, V, Null, S0, S),
    (   Null == t -> R = 0 ; R = 1 ).
