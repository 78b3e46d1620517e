/* Hand-written summaries of the java.lang.String methods the supported subset calls. The
   receiver is the first argument; a null receiver throws NullPointerException.
*/

'java.lang.String.length(String)'([S], R, St, St, Ex) :-
    receiver(S, Ex),
    (   Ex == ok -> strings:length_of(S, R) ; true ).

'java.lang.String.isEmpty(String)'([S], R, St, St, Ex) :-
    receiver(S, Ex),
    (   Ex == ok -> strings:is_empty(S, R) ; true ).

'java.lang.String.hashCode(String)'([S], R, St, St, Ex) :-
    receiver(S, Ex),
    (   Ex == ok -> strings:hash_code(S, R) ; true ).

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
'java.lang.String.valueOf(char)'([C], R, St, St, ok) :- strings:text_of(char, C, R).
'java.lang.Character.toString(char)'([C], R, St, St, ok) :- strings:text_of(char, C, R).

% One path with the index within the text, one StringIndexOutOfBoundsException path outside.
'java.lang.String.charAt(String,int)'([S, I], R, St, St, Ex) :-
    receiver(S, Ex0),
    (   Ex0 == ok ->
        strings:char_at_bounds(S, I, Ok),
        (   Ok = 1, Ex = ok, strings:char_at(S, I, R)
        ;   Ok = 0, Ex = exc('java.lang.StringIndexOutOfBoundsException')
        )
    ;   Ex = Ex0
    ).

% Integer.parseInt and Long.parseLong: a known text is parsed as Java parses it; an unknown
% one is the canonical decimal text of any value of the type, or text starting with a letter
% (NumberFormatException). Other texts that fail ("", "12a", out of range) or parse
% ("+7", "007") give no path of their own: every outcome is reached by the two kinds.
'java.lang.Integer.parseInt(String)'([S], R, St, St, Ex) :- number_parsed(int, S, R, Ex).
'java.lang.Long.parseLong(String)'([S], R, St, St, Ex) :- number_parsed(long, S, R, Ex).

number_parsed(Type, S, R, Ex) :-
    strings:shape(S),
    (   S == null -> Ex = exc('java.lang.NumberFormatException')
    ;   S = s(Len, Codes), integer(Len), ground(Codes) ->
        length(Text, Len), append(Text, _, Codes),
        (   java_number(Text, N), jvm:value(Type, N) -> R = N, Ex = ok
        ;   Ex = exc('java.lang.NumberFormatException')
        )
    ;   jvm:value(Type, R), strings:text_of(Type, R, S), Ex = ok
    ;   S = s(Len, _), Len #>= 1,
        strings:codes(S, [C|_]),
        C in 65..90 \/ 97..122,
        Ex = exc('java.lang.NumberFormatException')
    ).

% An optional sign, then at least one decimal digit, as Integer.parseInt reads them.
java_number([Sign|Digits], N) :-
    memberchk(Sign, [0'-, 0'+]),
    !,
    digits_value(Digits, V),
    (   Sign =:= 0'- -> N is -V ; N = V ).
java_number(Digits, N) :- digits_value(Digits, N).

digits_value(Digits, N) :-
    Digits = [_|_],
    maplist(decimal_digit, Digits),
    foldl(digit_step, Digits, 0, N).

decimal_digit(C) :- C >= 0'0, C =< 0'9.
digit_step(C, N0, N) :- N is N0 * 10 + C - 0'0.

'java.lang.Integer.toString(int)'([N], R, St, St, ok) :- strings:text_of(int, N, R).
'java.lang.Long.toString(long)'([N], R, St, St, ok) :- strings:text_of(long, N, R).
'java.lang.Boolean.toString(boolean)'([B], R, St, St, ok) :- strings:text_of(boolean, B, R).

'java.lang.String.indexOf(String,String)'([S, P], R, St, St, Ex) :-
    receivers([S, P], Ex),
    (   Ex == ok -> strings:index_of(S, P, R) ; true ).

'java.lang.String.contains(String,String)'([S, P], R, St, St, Ex) :-
    receivers([S, P], Ex),
    (   Ex == ok -> strings:index_of(S, P, I), R #<==> (I #>= 0) ; true ).

'java.lang.String.endsWith(String,String)'([S, P], R, St, St, Ex) :-
    receivers([S, P], Ex),
    (   Ex == ok -> strings:ends_with(S, P, R) ; true ).

'java.lang.String.equalsIgnoreCase(String,String)'([S, T], R, St, St, Ex) :-
    receiver(S, Ex),
    (   Ex == ok -> strings:equal_ignoring_case(S, T, R) ; true ).

'java.lang.String.compareTo(String,String)'([S, T], R, St, St, Ex) :-
    receivers([S, T], Ex),
    (   Ex == ok -> strings:compare_to(S, T, R) ; true ).

'java.lang.String.toUpperCase(String)'([S], R, St, St, Ex) :-
    receiver(S, Ex),
    (   Ex == ok -> strings:case_changed(upper, S, R) ; true ).

'java.lang.String.toLowerCase(String)'([S], R, St, St, Ex) :-
    receiver(S, Ex),
    (   Ex == ok -> strings:case_changed(lower, S, R) ; true ).

'java.lang.String.trim(String)'([S], R, St, St, Ex) :-
    receiver(S, Ex),
    (   Ex == ok -> strings:trimmed(S, R) ; true ).

'java.lang.String.substring(String,int)'([S, B], R, St, St, Ex) :-
    receiver(S, Ex0),
    (   Ex0 == ok -> S = s(Len, _), substring_checked(S, B, Len, R, Ex) ; Ex = Ex0 ).

'java.lang.String.substring(String,int,int)'([S, B, E], R, St, St, Ex) :-
    receiver(S, Ex0),
    (   Ex0 == ok -> substring_checked(S, B, E, R, Ex) ; Ex = Ex0 ).

% One path within the bounds, one StringIndexOutOfBoundsException path outside them.
substring_checked(S, B, E, R, Ex) :-
    strings:substring_bounds(S, B, E, Ok),
    (   Ok = 1, Ex = ok, strings:substring(S, B, E, R)
    ;   Ok = 0, Ex = exc('java.lang.StringIndexOutOfBoundsException')
    ).

% Receiver and argument checked in turn: a null one throws NullPointerException.
receivers([], ok).
receivers([S|Ss], Ex) :-
    receiver(S, Ex0),
    (   Ex0 == ok -> receivers(Ss, Ex) ; Ex = Ex0 ).
