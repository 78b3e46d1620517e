/* java.lang.String values over clpz.

   A string is `null` or s(Len, Codes): Codes is a list of max(max_length/1, Len) character
   codes (more for a text built from a long one), the first Len of them printable (32..126)
   and the rest 0. The padding makes equality
   pointwise, so comparing two strings never splits a path. Only text whose length is known
   (literals, constants, labels, numbers, and what is built from them with known lengths) may
   be longer than max_length/1; a string whose length a path chooses (an input, a row's value,
   a concatenation of unknown lengths) stays within it, so such strings keep their cost. A string input stays an unbound
   variable until an operation needs its shape; then it is null, or a fresh s/2 whose Codes
   stay unbound until an operation needs them (codes/2): padding costs two reified constraints
   per code, and most strings a path shapes (fixture rows' NOT NULL columns, say) are never
   read character by character. Code outside this module reaches the codes through codes/2.
*/

:- module(strings, [max_length/1, literal/2, shape/1, ref_compare/4, concat/3, open_text/2,
                    codes/2, text_of/3, length_of/2, is_empty/2, equal/3, starts_with/3,
                    index_of/3, ends_with/3, equal_ignoring_case/3, compare_to/3,
                    substring_bounds/4, substring/4, char_at_bounds/3, char_at/3, case_changed/3, trimmed/2,
                    label_string/1, lowest_first/1, aligned/4, hash_code/2, parts/2]).

:- use_module(library(clpz)).
:- use_module(library(lists)).
:- use_module(library(error)).
:- use_module(library(freeze)).
:- use_module(library(between)).
:- use_module(library(atts)).

% The strings trim() and the case changes made of a string on this path, on its length while
% unknown: a second trim() of the same text (a condition that repeats `name.trim()`) is the
% same string, not a second network of constraints over the same codes, which would cost as
% much again and, apart from the first, propagate nothing to it. And the parts a concatenation
% of unknown length was made of (parts/2), on its length: an SQL LIKE pattern built in Java
% (`"%" + name + "%"`) has its wildcards in the literal parts while the codes of the whole wait
% for labelling to fix the parts' lengths.
:- attribute derived/1, concatenated/1, text_as/1.

% derived/1 and concatenated/1 are caches for the analysis only: summaries and answers do not
% mention them (removed here, or copy_term/3 would write a put_atts/2 goal), and any value may
% meet the length. text_as(T), on a string nobody has shaped, is the text Java's concatenation
% made of it (open_text/2): deciding the string decides the text.
verify_attributes(S, Value, Goals) :-
    (   get_atts(S, text_as(T)) -> text_decided(Value, T, Goals)
    ;   Goals = []
    ).

text_decided(Value, T, Goals) :-
    (   var(Value) ->
        (   get_atts(Value, text_as(T1)) -> Goals = [T = T1]
        ;   put_atts(Value, text_as(T)), Goals = []
        )
    ;   Value == null -> Goals = [strings:literal("null", T)]
    ;   Goals = [T = Value]
    ).

attribute_goals(V) -->
    { put_atts(V, -derived(_)), put_atts(V, -concatenated(_)) },
    (   { get_atts(V, text_as(T)) } ->
        { put_atts(V, -text_as(_)) },
        % Path clauses are loaded into user, where only a called goal can name module strings.
        [call(strings:open_text(V, T))]
    ;   []
    ).

%% max_length(-N)
%
%  Strings whose length is not known are at most N characters long: a path that would build a
%  longer one is cut. Text of a known length (a literal, say) may be longer.
max_length(16).

%% literal(+Chars, -S)
%
%  A text of any length.
%
%  ?- strings:literal("ab", S).
%  S = s(2,[97,98,0,...]).
literal(Chars, s(Len, Codes)) :-
    must_be(list, Chars),
    length(Chars, Len),
    maplist(char_code_, Chars, Prefix),
    capacity_of_length(Len, Cap),
    Pad is Cap - Len,
    length(Zeros, Pad),
    maplist(=(0), Zeros),
    append(Prefix, Zeros, Codes).

% The number of codes a string of length Len has: max_length/1, or Len when it is longer
% (then Len is known).
capacity_of_length(Len, Cap) :-
    max_length(Max),
    (   integer(Len), Len > Max -> Cap = Len ; Cap = Max ).

%% aligned(+CodesA, +CodesB, -PaddedA, -PaddedB)
%
%  The codes of two strings padded with zeros to the same length (one may be a long literal),
%  for the operations that compare them code by code.
%
%  ?- strings:aligned([97,0], [97,98,99], A, B).
%  A = [97,0,0], B = [97,98,99].
aligned(As, Bs, PaddedA, PaddedB) :-
    length(As, LA),
    length(Bs, LB),
    padded_to(LB, As, PaddedA),
    padded_to(LA, Bs, PaddedB).

padded_to(N, Cs, Padded) :-
    length(Cs, L),
    (   L >= N -> Padded = Cs
    ;   Pad is N - L,
        length(Zeros, Pad),
        maplist(=(0), Zeros),
        append(Cs, Zeros, Padded)
    ).

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
        capacity_of_length(Len, Cap),
        length(Padded, Cap),
        padded(Padded, 0, Len),
        % Bound last: goals waiting for the codes (db.pl's key differences) see them padded.
        Codes = Padded
    ;   true
    ).

padded([], _, _).
padded([C|Cs], I, Len) :-
    (   integer(Len) ->
        % A known length (a labelled one, say) needs no reification.
        (   I < Len -> C in 32..126 ; C = 0 )
    ;   % One reification per code: a printable code (32..126) before Len, zero from Len on.
        C in 0 \/ 32..126,
        (I #< Len) #<==> (C #\= 0)
    ),
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
%  R is A + B as Java concatenates strings: null is the text "null". R has room for both
%  when either is known text (its length is known, or it was built from such text); two
%  strings of unknown length keep the bound of max_length/1. When A's length is known
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
    max_length(Max0),
    Len #= LenA + LenB,
    room(A, CodesA, RoomA),
    room(B, CodesB, RoomB),
    Room is RoomA + RoomB,
    (   Room =< Max0 -> Max = Max0
    ;   ( integer(LenA) ; integer(LenB) ; max(RoomA, RoomB) > Max0 ) ->
        % With known text (a literal, a label, a message) the result has room for both
        % parts; only two strings of unknown length keep the bound.
        Max = Room
    ;   Max = Max0
    ),
    Len #=< Max,
    (   var(Len) -> put_atts(Len, concatenated(A-B)) ; true ),
    (   integer(LenA) ->
        shifted(LenA, CodesA, CodesB, Max, Codes)
    ;   fd_size(LenA, Size), Size =< 4 ->
        indomain(LenA),
        shifted(LenA, CodesA, CodesB, Max, Codes)
    ;   length(Codes, Max),
        freeze(LenA, shifted(LenA, CodesA, CodesB, Max, Codes))
    ).

%% parts(+S, -Parts)
%
%  The strings S was concatenated from while its length is unknown (concat/3), innermost
%  first; [S] for any other string.
%
%  ?- strings:literal("%", P), strings:concat(P, s(L, _), S), strings:parts(S, [A, B]).
%  A = s(1,[37,0,...]), B = s(L,_), ...
parts(S, Parts) :-
    (   var(S) -> instantiation_error(parts/2) ; true ),
    phrase(parts_(S), Parts).

parts_(S) -->
    (   { S = s(Len, _), var(Len), get_atts(Len, concatenated(A-B)) } -> parts_(A), parts_(B)
    ;   [S]
    ).

% The most codes a string may need: its length when known, else its capacity.
room(s(Len, _), Codes, Room) :-
    (   integer(Len) -> Room = Len ; length(Codes, Room) ).

% A's first LenA codes, then B's codes (those that would fall past Max must be padding).
shifted(LenA, CodesA, CodesB, Max, Codes) :-
    length(Prefix, LenA),
    append(Prefix, _, CodesA),
    Keep is Max - LenA,
    padded_to(Keep, CodesB, PaddedB),
    length(Front, Keep),
    append(Front, Rest, PaddedB),
    maplist(=(0), Rest),
    append(Prefix, Front, Codes).

text(S, T) :-
    (   var(S) -> open_text(S, T)
    ;   S == null -> literal("null", T)
    ;   T = S
    ).

%% open_text(?S, -T)
%
%  T is the text Java's concatenation makes of the string S: "null" or S itself. While nobody
%  has shaped S, the choice stays open (a program that only copies S into a message or an SQL
%  pattern does not branch on it): T is a fresh string, and binding S later, where the program
%  looks at it or labelling chooses it, makes T "null" or S. Labelling tries null first
%  (label_string/1), as for any value only copied: its text is then known at once, where a
%  text of unknown length would leave every LIKE pattern and string built from it to be
%  labelled after it (a two-row search by `'%' || keyword || '%'` over three columns took
%  millions of inferences so).
%
%  ?- strings:open_text(S, T), S = null.
%  S = null, T = s(4,[110,117,108,108,0,...]).
open_text(S, T) :-
    (   var(S) ->
        (   get_atts(S, text_as(T0)) -> T = T0
        ;   fresh(T), put_atts(S, text_as(T))
        )
    ;   text(S, T)
    ).

%% text_of(+Type, ?V, -S)
%
%  S is String.valueOf(V) for V of Type int, long, boolean, byte, short or char. A char is the
%  one-character text of its code; a code outside the printable range strings hold (32..126)
%  abandons the path (jvm:abandon/0), as the model cannot write that text. Numbers: '-' and the decimal digits
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
%  ?- strings:text_of(char, 0'a, S).
%  S = s(1,[97,0,...]).
text_of(Type, V, S) :-
    must_be(atom, Type),
    (   memberchk(Type, [int, long, boolean, byte, short, char]) -> true
    ;   domain_error(text_type, Type, text_of/3)
    ),
    (   Type == char -> char_text(V, S)
    ;   integer(V) ->
        (   Type == boolean -> boolean_chars(V, Cs) ; number_chars(V, Cs) ),
        literal(Cs, S)
    ;   Type == boolean -> boolean_text(V, S)
    ;   number_text(V, S)
    ).

% A printable code is a text of length 1; any other abandons the path (not a path of its own).
char_text(C, s(1, [C|Zeros])) :-
    Printable #<==> (C #>= 32 #/\ C #=< 126),
    (   Printable = 1
    ;   Printable = 0, jvm:abandon
    ),
    max_length(Max),
    Pad is Max - 1,
    length(Zeros, Pad),
    maplist(=(0), Zeros).

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
    % No more digits than the longest string holds: labelling then starts below 10^Max, instead
    % of refuting the longs above it one by one.
    Digits is 10^Max,
    Abs #< Digits,
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

%% hash_code(+S, -H)
%
%  H is S.hashCode() for a non-null S: the sum of its codes c(0..Len-1) times 31^(Len-1-i),
%  reduced to an int. The padding's zeros weigh nothing, so the sum over all Cap codes
%  weighed as a text of Cap codes is the hash times 31^(Cap-Len); 31 has an inverse modulo
%  2^32, so H is that sum times the inverse's (Cap-Len)th power, reduced: one product whatever
%  the length, known or not.
%
%  ?- strings:literal("ab", S), strings:hash_code(S, H).
%  H = 3105.
hash_code(S, H) :-
    codes(S, Codes),
    S = s(Len, _),
    length(Codes, Cap),
    hash_weights(Codes, Cap, Terms),
    sum_terms(Terms, Sum0),
    Sum #= Sum0,
    Modulus is 2^32,
    findall(Factor, ( between(0, Cap, L), Factor is (3186588639 ^ (Cap - L)) mod Modulus ), Factors),
    Index #= Len + 1,
    element(Index, Factors, Factor),
    H in -2147483648..2147483647,
    H #= ((Sum * Factor + 2147483648) mod Modulus) - 2147483648.

% The codes weighed as the digits of a number in base 31, the first the most significant.
hash_weights([], _, []).
hash_weights([C|Cs], Place, [C*Weight|Terms]) :-
    Exponent is Place - 1,
    Weight is 31^Exponent,
    hash_weights(Cs, Exponent, Terms).

sum_terms([], 0).
sum_terms([T|Ts], T + Rest) :- sum_terms(Ts, Rest).

%% length_of(?S, -Len)  is_empty(?S, -Bool)  equal(?A, ?B, -Bool)  starts_with(?A, ?P, -Bool)
%
%  For a non-null receiver (the callers check it). Bool is 0/1.
length_of(s(Len, _), Len).

is_empty(s(Len, _), B) :-
    B #<==> (Len #= 0).

equal(A, B, R) :-
    shape(B),
    (   B == null -> R = 0
    ;   % One string (two unread ones a comparison made one, db.pl): equal without its codes,
        % which making would wake every comparison waiting for them.
        A == B -> R = 1
    ;   codes(A, CodesA0),
        codes(B, CodesB0),
        aligned(CodesA0, CodesB0, CodesA1, CodesB1),
        deciding_codes(A, B, CodesA1, CodesB1, CodesA, CodesB),
        maplist(code_equal, CodesA, CodesB, Bs),
        all_true(Bs, R)
    ).

% Against a text whose codes are known (a literal, an ENUM's value) of length N, the first N
% codes and the first code of the padding decide equality: after a zero, a string's codes are
% zeros (padded/3). Comparing N + 1 codes instead of the whole capacity keeps a column compared
% with a literal (an ENUM's IN-list, `status = 'new'`) a few constraints.
deciding_codes(A, B, CodesA0, CodesB0, CodesA, CodesB) :-
    (   ( literal_length(B, N) ; literal_length(A, N) ) ->
        Deciding is N + 1,
        prefix_at_most(Deciding, CodesA0, CodesA),
        prefix_at_most(Deciding, CodesB0, CodesB)
    ;   CodesA = CodesA0, CodesB = CodesB0
    ).

literal_length(s(Len, Codes), Len) :- integer(Len), ground(Codes).

prefix_at_most(N, Cs, Prefix) :-
    length(Cs, L),
    (   L =< N -> Prefix = Cs
    ;   length(Prefix, N), append(Prefix, _, Cs)
    ).

code_equal(A, B, E) :- E #<==> (A #= B).

all_true([], 1).
all_true([B|Bs], R) :-
    all_true(Bs, R0),
    R #<==> (B #/\ R0).

starts_with(A, P, R) :-
    A = s(LenA, _), codes(A, CodesA0),
    P = s(LenP, _), codes(P, CodesP0),
    aligned(CodesA0, CodesP0, CodesA, CodesP),
    prefix_matches(CodesA, CodesP, 0, LenP, Bs),
    all_true(Bs, Match),
    R #<==> (Match #/\ (LenP #=< LenA)).

prefix_matches([], [], _, _, []).
prefix_matches([A|As], [P|Ps], I, LenP, [B|Bs]) :-
    B #<==> ((I #>= LenP) #\/ (A #= P)),
    I1 is I + 1,
    prefix_matches(As, Ps, I1, LenP, Bs).

%% index_of(?A, ?P, -I)  ends_with(?A, ?P, -Bool)
%
%  A.indexOf(P) and A.endsWith(P) for non-null A and P: one reified match per position of A
%  (no path split); I is the first matching position, or -1.
%
%  ?- strings:literal("abcb", A), strings:literal("b", P), strings:index_of(A, P, I).
%  I = 1.
index_of(A, P, I) :-
    matches(A, P, Ms),
    firsts(Ms, 1, Fs),
    % Position + 1 of the first match, 0 for none.
    length(Ms, Last),
    numlist(1, Last, Weights),
    scalar_product(Weights, Fs, #=, I1),
    I #= I1 - 1,
    % Redundant, for propagation: a match lies within A (so a substring after it is in bounds).
    A = s(LenA, _),
    P = s(LenP, _),
    (I #>= 0) #==> (I + LenP #=< LenA).

% Fs marks the first true M (1 = none before it).
firsts([], _, []).
firsts([M|Ms], None, [F|Fs]) :-
    F #<==> (None #/\ M),
    None1 #<==> (None #/\ #\ M),
    firsts(Ms, None1, Fs).

ends_with(A, P, R) :-
    A = s(LenA, _),
    P = s(LenP, _),
    matches(A, P, Ms),
    % A P longer than A starts before A: the 0 in front of the positions.
    At #= max(LenA - LenP, -1) + 2,
    element(At, [0|Ms], R).

% Ms: for each position I in 0..Max of A, whether P occurs at I.
matches(A, P, Ms) :-
    A = s(LenA, _), codes(A, CodesA),
    P = s(LenP, _), codes(P, CodesP),
    length(CodesA, Max),
    numlist(0, Max, Is),
    maplist(match_at(CodesA, LenA, CodesP, LenP), Is, Ms).

match_at(CodesA, LenA, CodesP, LenP, I, M) :-
    length(Skip, I),
    (   append(Skip, Rest, CodesA) -> true ; Rest = [] ),
    same_prefix(Rest, CodesP, 0, LenP, Bs),
    all_true(Bs, Same),
    M #<==> (Same #/\ (I + LenP #=< LenA)).

% Past A's end the length test alone decides.
same_prefix([], _, _, _, []).
same_prefix([_|_], [], _, _, []).
same_prefix([A|As], [P|Ps], J, LenP, [B|Bs]) :-
    B #<==> ((J #>= LenP) #\/ (A #= P)),
    J1 is J + 1,
    same_prefix(As, Ps, J1, LenP, Bs).

%% equal_ignoring_case(?A, ?B, -Bool)
%
%  A.equalsIgnoreCase(B) for non-null A (labelled strings are ASCII, whose case folding this is).
equal_ignoring_case(A, B, R) :-
    shape(B),
    (   B == null -> R = 0
    ;   codes(A, CodesA0), codes(B, CodesB0),
        aligned(CodesA0, CodesB0, CodesA, CodesB),
        maplist(lower, CodesA, LowerA),
        maplist(lower, CodesB, LowerB),
        maplist(code_equal, LowerA, LowerB, Bs),
        all_true(Bs, R)
    ).

% One reified domain per code: a conjunction of two bounds costs three reifications.
lower(C, L) :-
    U #<==> (C in 0'A..0'Z),
    L #= C + 32 * U.

upper(C, U) :-
    L #<==> (C in 0'a..0'z),
    U #= C - 32 * L.

%% case_changed(+Case, ?A, -S)
%
%  S is A.toUpperCase() (Case = upper) or A.toLowerCase() (lower), ASCII letters only; its
%  codes are made when read.
case_changed(Case, A, S) :-
    must_be(atom, Case),
    derived(Case, A, S, case_changed_(Case, A)).

%% derived(+Op, +A, -S, :Make)
%
%  S is the string Op (trim, upper, lower) makes of A: the one made earlier on this path, or
%  call(Make, S), noted on A's length while it is unknown.
%
%  ?- strings:fresh(A), strings:trimmed(A, S), strings:trimmed(A, T), S == T.
%  true.
derived(Op, A, S, Make) :-
    A = s(Len, _),
    (   var(Len), get_atts(Len, derived(Made)), made(Made, Op, A, S0) -> S = S0
    ;   call(Make, S),
        (   var(Len) ->
            (   get_atts(Len, derived(Made0)) -> true ; Made0 = [] ),
            put_atts(Len, derived([made(Op, A, S)|Made0]))
        ;   true
        )
    ).

made([made(Op0, A0, S0)|Made], Op, A, S) :-
    (   Op0 == Op, A0 == A -> S = S0 ; made(Made, Op, A, S) ).

case_changed_(Case, A, s(Len, Codes)) :-
    A = s(Len, CodesA),
    capacity_of_length(Len, Cap),
    (   nonvar(CodesA), length(CodesA, N), N > Cap ->
        % A long text of unknown length: codes/2 could not tell the result's padding.
        maplist(Case, CodesA, Codes)
    ;   freeze(Codes, case_codes(Case, A, Codes))
    ).

case_codes(Case, A, Codes) :-
    codes(A, CodesA),
    maplist(Case, CodesA, Codes).

%% compare_to(?A, ?B, -R)
%
%  A.compareTo(B) for non-null A and B: the difference of the first differing codes, else of
%  the lengths.
compare_to(A, B, R) :-
    A = s(LenA, _), codes(A, CodesA0),
    B = s(LenB, _), codes(B, CodesB0),
    aligned(CodesA0, CodesB0, CodesA, CodesB),
    differences(CodesA, CodesB, 0, 1, LenA, LenB, Terms, Fs),
    sum(Fs, #=, Differing),
    Same #= 1 - Differing,
    R #= Terms + Same * (LenA - LenB).

differences([], [], _, _, _, _, 0, []).
differences([A|As], [B|Bs], I, Equal, LenA, LenB, Terms, [F|Fs]) :-
    F #<==> (Equal #/\ (A #\= B) #/\ (I #< LenA) #/\ (I #< LenB)),
    Equal1 #<==> (Equal #/\ (A #= B)),
    I1 is I + 1,
    differences(As, Bs, I1, Equal1, LenA, LenB, Terms0, Fs),
    Terms #= Terms0 + F * (A - B).

%% substring_bounds(?A, ?Begin, ?End, -Ok)
%
%  Ok is 1 when 0 =< Begin =< End =< A's length (substring does not throw).
substring_bounds(s(Len, _), Begin, End, Ok) :-
    Ok #<==> ((Begin #>= 0) #/\ (Begin #=< End) #/\ (End #=< Len)).

%% substring(?A, ?Begin, ?End, -S)
%
%  A.substring(Begin, End) within bounds: its codes are made when read, and shifted once Begin
%  is known (labelling fixes it), as concat/3 shifts.
substring(A, Begin, End, s(Len, Codes)) :-
    Len #= End - Begin,
    % Within bounds, Begin =< End: said outright, as clpz does not always derive it (trim's
    % bounds), so that a padding code of the result bounds its length at once.
    Len #>= 0,
    % Only a part of known bounds of a long text may be long itself.
    (   integer(Len) -> true ; max_length(Max), Len #=< Max ),
    freeze(Codes, freeze(Begin, substring_codes(A, Begin, Len, Codes))).

substring_codes(A, Begin, Len, Codes) :-
    codes(A, CodesA),
    length(Skip, Begin),
    append(Skip, Rest, CodesA),
    kept(Codes, Rest, 0, Len).

kept([], _, _, _).
kept([C|Cs], Rest, I, Len) :-
    (   Rest = [R|Rs] -> (I #< Len) #==> (C #= R) ; Rs = [] ),
    I1 is I + 1,
    kept(Cs, Rs, I1, Len).

%% char_at_bounds(?A, ?Index, -Ok)
%
%  Ok is 1 when 0 =< Index < A's length (charAt does not throw).
%
%  ?- strings:literal("ab", A), strings:char_at_bounds(A, 2, Ok).
%  Ok = 0.
char_at_bounds(s(Len, _), Index, Ok) :-
    Ok #<==> ((Index #>= 0) #/\ (Index #< Len)).

%% char_at(?A, ?Index, -C)
%
%  C is A.charAt(Index) within bounds: the code at Index (element/3 counts from 1), one
%  constraint whatever Index is.
%
%  ?- strings:literal("ab", A), strings:char_at(A, 1, C).
%  C = 98.
char_at(A, Index, C) :-
    codes(A, Codes),
    Position #= Index + 1,
    element(Position, Codes, C).

%% trimmed(?A, -S)
%
%  A.trim(): without its leading and trailing spaces (the only printable code =< ' ').
trimmed(A, S) :-
    derived(trim, A, S, trimmed_(A)).

trimmed_(A, S) :-
    A = s(LenA, _), codes(A, CodesA),
    leading_spaces(CodesA, 1, Ls),
    sum(Ls, #=, Lead),
    trailing_blank(CodesA, AllBlank, Ts),
    sum(Ts, #=, Blank),
    length(CodesA, Max),
    End #= max(Lead, Max - Blank),
    End #=< LenA,
    substring(A, Lead, End, S),
    % Redundant, for propagation: the result is empty exactly when every code is a space or
    % padding. An empty result then makes every code blank at once, so that a second trim() of
    % the same text (a helper's, composed) sees it empty too instead of waiting for labelling
    % to try every text.
    S = s(Len, _),
    (Len #= 0) #<==> AllBlank.

leading_spaces([], _, []).
leading_spaces([C|Cs], Before, [L|Ls]) :-
    L #<==> (Before #/\ (C #= 32)),
    leading_spaces(Cs, L, Ls).

% T is 1 at a position from which on every code is a space or padding.
trailing_blank([], 1, []).
trailing_blank([C|Cs], T, [T|Ts]) :-
    trailing_blank(Cs, After, Ts),
    T #<==> (After #/\ ((C #= 32) #\/ (C #= 0))).

%% label_string(?S)
%
%  Labels a string input readably: untouched inputs become null, and so do those only
%  concatenated (open_text/2) where the path allows it, else text; lengths shortest first;
%  characters from 'a' to 'z' first.
label_string(S) :-
    (   var(S), get_atts(S, text_as(_)) -> ( S = null ; fresh(S), label_string(S) )
    ;   var(S) -> S = null
    ;   S == null -> true
    ;   S = s(Len, _),
        lowest_first(Len),
        codes(S, Codes),
        maplist(readable, Codes)
    ).

% Values of each range in ascending order, as enumeration would give them, but a half the
% constraints exclude (a CHECK's IN list of texts, say) is refuted at once: value by value,
% each refusal costs a propagation. A code already known (the padding past the length, a
% literal's) is itself: trying each range on it cost some 140 inferences a code.
readable(C) :-
    (   integer(C) -> true
    ;   C in 97..122, lowest_first(C)
    ;   C in 32..96, lowest_first(C)
    ;   C in 123..126, lowest_first(C)
    ;   C = 0
    ).

%% lowest_first(?V)
%
%  The values of V in ascending order: its lowest first (it usually holds), then the others by
%  bisection, which refutes at once a range a reified constraint excludes (the codes of 'open'
%  under CHECK (status IN ('open', 'closed')) skip 'a'..'n' in a few halvings, not 14 tries).
%
%  ?- V in 3..9, strings:lowest_first(V).
%  V = 3.
lowest_first(V) :-
    fd_inf(V, Low),
    (   V = Low
    ;   V #> Low, labeling([bisect], [V])
    ).
