/* java.lang.String values over clpz.

   A string is `null` or s(Len, Codes): Codes is a list of exactly max_length/1 character
   codes, the first Len of them printable (32..126) and the rest 0. The padding makes equality
   pointwise, so comparing two strings never splits a path. A string input stays an unbound
   variable until an operation needs its shape; then it is null, or a fresh s/2 whose Codes
   stay unbound until an operation needs them (codes/2): padding costs two reified constraints
   per code, and most strings a path shapes (fixture rows' NOT NULL columns, say) are never
   read character by character. Code outside this module reaches the codes through codes/2.
*/

:- module(strings, [max_length/1, literal/2, shape/1, ref_compare/4, concat/3,
                    codes/2, text_of/3, length_of/2, is_empty/2, equal/3, starts_with/3,
                    label_string/1]).

:- use_module(library(clpz)).
:- use_module(library(lists)).
:- use_module(library(error)).
:- use_module(library(freeze)).
:- use_module(library(between)).

%% max_length(-N)
%
%  Strings longer than N characters are not modelled: a path that would build one is cut.
max_length(16).

%% literal(+Chars, -S)
%
%  ?- strings:literal("ab", S).
%  S = s(2,[97,98,0,...]).
literal(Chars, s(Len, Codes)) :-
    must_be(list, Chars),
    length(Chars, Len),
    max_length(Max),
    Len =< Max,
    maplist(char_code_, Chars, Prefix),
    Pad is Max - Len,
    length(Zeros, Pad),
    maplist(=(0), Zeros),
    append(Prefix, Zeros, Codes).

char_code_(C, Code) :- char_code(C, Code).

%% shape(?S)
%
%  Gives an unbound string its shape: null, or a fresh non-null string.
shape(S) :-
    (   var(S) -> ( S = null ; fresh(S) )
    ;   true
    ).

fresh(s(Len, _)) :-
    max_length(Max),
    Len in 0..Max.

%% codes(+S, -Codes)
%
%  The codes of a non-null string, padded as the representation says; a fresh string's codes
%  are made (and constrained by its length) the first time they are needed.
%
%  ?- strings:shape(S), S = s(2, _), strings:codes(S, [A, B, C|_]).
%  A in 32..126, B in 32..126, C = 0, ...
codes(S, Codes) :-
    (   var(S) -> instantiation_error(codes/2) ; S = s(Len, Codes) ),
    (   var(Codes) ->
        max_length(Max),
        length(Padded, Max),
        padded(Padded, 0, Len),
        % Bound last: goals waiting for the codes (db.pl's key differences) see them padded.
        Codes = Padded
    ;   true
    ).

padded([], _, _).
padded([C|Cs], I, Len) :-
    C in 0..126,
    (I #< Len) #<==> (C #>= 32),
    (I #>= Len) #<==> (C #= 0),
    I1 is I + 1,
    padded(Cs, I1, Len).

%% ref_compare(+Op, ?A, ?B, +Outcome)
%
%  Reference comparison (eq or ne) of a string with null, with Outcome t or f.
%
%  ?- strings:ref_compare(eq, S, null, f), S = s(_, _).
ref_compare(Op, A, B, Outcome) :-
    must_be(atom, Op),
    (   B == null -> null_test(Op, Outcome, A)
    ;   A == null -> null_test(Op, Outcome, B)
    ;   domain_error(null_comparison, A-B, ref_compare/4)
    ).

null_test(eq, t, S) :- S = null.
null_test(eq, f, S) :- shape(S), S \== null.
null_test(ne, t, S) :- shape(S), S \== null.
null_test(ne, f, S) :- S = null.

%% concat(?A, ?B, -R)
%
%  R is A + B as Java concatenates strings: null is the text "null". When A's length is known
%  (a literal, or at most four lengths possible: one path each) the codes are simply shifted;
%  otherwise the shift waits until labelling fixes A's length (R's length is exact at once;
%  its characters are known only then). Placing each code by element/3 instead costs millions
%  of inferences per concatenation.
%
%  ?- strings:literal("ab", A), strings:literal("c", B), strings:concat(A, B, s(L, _)).
%  L = 3, ...
concat(A0, B0, s(Len, Codes)) :-
    text(A0, A), A = s(LenA, _), codes(A, CodesA),
    text(B0, B), B = s(LenB, _), codes(B, CodesB),
    max_length(Max),
    Len #= LenA + LenB,
    Len #=< Max,
    (   integer(LenA) ->
        shifted(LenA, CodesA, CodesB, Max, Codes)
    ;   fd_size(LenA, Size), Size =< 4 ->
        indomain(LenA),
        shifted(LenA, CodesA, CodesB, Max, Codes)
    ;   length(Codes, Max),
        freeze(LenA, shifted(LenA, CodesA, CodesB, Max, Codes))
    ).

% A's first LenA codes, then B's codes (those that would fall past Max must be padding).
shifted(LenA, CodesA, CodesB, Max, Codes) :-
    length(Prefix, LenA),
    append(Prefix, _, CodesA),
    Keep is Max - LenA,
    length(Front, Keep),
    append(Front, Rest, CodesB),
    maplist(=(0), Rest),
    append(Prefix, Front, Codes).

text(S, T) :-
    shape(S),
    (   S == null -> literal("null", T) ; T = S ).

%% text_of(+Type, ?V, -S)
%
%  S is String.valueOf(V) for V of Type int, long or boolean: '-' and the decimal digits
%  without leading zeros, or true/false. A number's length follows from its magnitude at once
%  (one reified bound per power of ten); its codes, when something reads them, are '-' or
%  digits, and are placed once the length and sign are known (labelling fixes them), as
%  concat/3 places its codes. A long whose text would exceed max_length/1 cuts the path, as
%  any longer string does.
%
%  ?- strings:text_of(int, N, s(L, _)), N in 10..99.
%  L = 2, ...
%  ?- strings:text_of(int, -7, S).
%  S = s(2,[45,55,0,...]).
text_of(Type, V, S) :-
    must_be(atom, Type),
    (   memberchk(Type, [int, long, boolean]) -> true ; domain_error(text_type, Type, text_of/3) ),
    (   integer(V) ->
        (   Type == boolean -> boolean_chars(V, Cs) ; number_chars(V, Cs) ),
        literal(Cs, S)
    ;   Type == boolean -> boolean_text(V, S)
    ;   number_text(V, S)
    ).

boolean_chars(1, "true").
boolean_chars(0, "false").

% Each code is linear in the boolean: "true" or "false" with no path split.
boolean_text(B, s(Len, Codes)) :-
    Len #= 5 - B,
    maplist(boolean_code(B), [0't-0'f, 0'r-0'a, 0'u-0'l, 0'e-0's, 0-0'e], Front),
    max_length(Max),
    Pad is Max - 5,
    length(Zeros, Pad),
    maplist(=(0), Zeros),
    append(Front, Zeros, Codes).

boolean_code(B, T-F, C) :- C #= F + (T - F) * B.

number_text(N, s(Len, Codes)) :-
    max_length(Max),
    Neg #<==> (N #< 0),
    Abs #= abs(N),
    Longest is Max - 1,
    numlist(1, Longest, Powers),
    maplist(at_least_power(Abs), Powers, MoreDigits),
    sum(MoreDigits, #=, More),
    Len #= Neg + 1 + More,
    Len #=< Max,
    freeze(Codes, number_codes_(Codes, Neg, Abs, Len)),
    freeze(N, known_text(N, s(Len, Codes))).

at_least_power(Abs, K, B) :-
    Bound is 10^K,
    B #<==> (Abs #>= Bound).

known_text(N, S) :-
    number_chars(N, Cs),
    literal(Cs, S).

% Runs when codes/2 has made the codes: the sign's code now, the digits once placed.
number_codes_([C|Cs], Neg, Abs, Len) :-
    C in 45 \/ 48..57,
    Neg #<==> (C #= 45),
    maplist(digit_or_padding, Cs),
    freeze(Len, freeze(Neg, placed_digits([C|Cs], Neg, Abs, Len))).

digit_or_padding(C) :- C in 0 \/ 48..57.

placed_digits(Codes, Neg, Abs, Len) :-
    Digits is Len - Neg,
    length(Sign, Neg),
    append(Sign, Rest, Codes),
    length(DigitCodes, Digits),
    append(DigitCodes, _, Rest),
    Top is Digits - 1,
    numlist(0, Top, Places),
    reverse(Places, Exponents),
    maplist(digit_code(Abs), Exponents, DigitCodes).

digit_code(Abs, E, C) :-
    P is 10^E,
    C #= 48 + (Abs // P) mod 10.

%% length_of(?S, -Len)  is_empty(?S, -Bool)  equal(?A, ?B, -Bool)  starts_with(?A, ?P, -Bool)
%
%  For a non-null receiver (the callers check it). Bool is 0/1.
length_of(s(Len, _), Len).

is_empty(s(Len, _), B) :-
    B #<==> (Len #= 0).

equal(A, B, R) :-
    shape(B),
    (   B == null -> R = 0
    ;   codes(A, CodesA),
        codes(B, CodesB),
        maplist(code_equal, CodesA, CodesB, Bs),
        all_true(Bs, R)
    ).

code_equal(A, B, E) :- E #<==> (A #= B).

all_true([], 1).
all_true([B|Bs], R) :-
    all_true(Bs, R0),
    R #<==> (B #/\ R0).

starts_with(A, P, R) :-
    A = s(LenA, _), codes(A, CodesA),
    P = s(LenP, _), codes(P, CodesP),
    prefix_matches(CodesA, CodesP, 0, LenP, Bs),
    all_true(Bs, Match),
    R #<==> (Match #/\ (LenP #=< LenA)).

prefix_matches([], [], _, _, []).
prefix_matches([A|As], [P|Ps], I, LenP, [B|Bs]) :-
    B #<==> ((I #>= LenP) #\/ (A #= P)),
    I1 is I + 1,
    prefix_matches(As, Ps, I1, LenP, Bs).

%% label_string(?S)
%
%  Labels a string input readably: untouched inputs become null; lengths shortest first;
%  characters from 'a' to 'z' first.
label_string(S) :-
    (   var(S) -> S = null
    ;   S == null -> true
    ;   S = s(Len, _),
        labeling([bisect], [Len]),
        codes(S, Codes),
        maplist(readable, Codes)
    ).

readable(C) :-
    (   C in 97..122, labeling([], [C])
    ;   C in 32..96, labeling([], [C])
    ;   C in 123..126, labeling([], [C])
    ;   C = 0
    ).
