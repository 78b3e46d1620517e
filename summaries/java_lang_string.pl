/* Hand-written summaries of the java.lang.String methods the supported subset calls. The
   receiver is the first argument; a null receiver throws NullPointerException.
*/

'java.lang.String.length(String)'([S], R, St, St, Ex) :-
    receiver(S, Ex),
    (   Ex == ok -> strings:length_of(S, R) ; true ).

'java.lang.String.isEmpty(String)'([S], R, St, St, Ex) :-
    receiver(S, Ex),
    (   Ex == ok -> strings:is_empty(S, R) ; true ).

'java.lang.String.equals(String,String)'([S, T], R, St, St, Ex) :-
    receiver(S, Ex),
    (   Ex == ok -> strings:equal(S, T, R) ; true ).

'java.lang.String.startsWith(String,String)'([S, P], R, St, St, Ex) :-
    receiver(S, Ex0),
    (   Ex0 == ok -> receiver(P, Ex), ( Ex == ok -> strings:starts_with(S, P, R) ; true )
    ;   Ex = Ex0
    ).

receiver(S, Ex) :-
    strings:shape(S),
    (   S == null -> Ex = exc('java.lang.NullPointerException') ; Ex = ok ).

% String.valueOf and the boxes' toString: the text string concatenation also gives.
'java.lang.String.valueOf(int)'([N], R, St, St, ok) :- strings:text_of(int, N, R).
'java.lang.String.valueOf(long)'([N], R, St, St, ok) :- strings:text_of(long, N, R).
'java.lang.String.valueOf(boolean)'([B], R, St, St, ok) :- strings:text_of(boolean, B, R).
'java.lang.Integer.toString(int)'([N], R, St, St, ok) :- strings:text_of(int, N, R).
'java.lang.Long.toString(long)'([N], R, St, St, ok) :- strings:text_of(long, N, R).
'java.lang.Boolean.toString(boolean)'([B], R, St, St, ok) :- strings:text_of(boolean, B, R).
