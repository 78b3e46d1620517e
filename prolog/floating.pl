/* Java's double and float values over clpz, exactly as IEEE 754 computes them.

   A number is kept as an integer of units of 2^-8 (ir::FLOATING_UNIT_BITS): 12.25 is 3136.
   Every integer of units up to 2^53 (a double) or 2^24 (a float) in magnitude is a number the
   type represents exactly, so a sum, difference, product or comparison of such numbers that
   stays within that bound is exactly what the JVM computes (IEEE 754 rounds only results it
   cannot represent). A result beyond the bound, or a product with more than 8 binary places,
   is a path the model cannot follow (jvm:abandon/0), never a rounded value. Division and
   literals such as 0.1 are reported by the front end. NaN and the infinities never arise;
   -0.0 may, but only where it equals 0.0 (==, <, the tests' assertions): what tells it apart
   (Double.equals, Double.compare) is reported, and the text of a zero that may be -0.0 is a
   path the model does not follow.

   A number's binary places (a bound on the bits after its point) go with it as an
   attribute: 4 for an input (sixteenths), 0 for a converted integer, the sum of the factors'
   for a product, as in decimals.pl.
*/

:- module(floating, [value/2, arithmetic/5, negated/3, converted/4, unit/1, of_decimal/3, to_decimal/2,
                     text_of/4, box_text/4]).

:- use_module(library(clpz)).
:- use_module(library(error)).
:- use_module(library(atts)).
:- use_module(library(dcgs)).
:- use_module(library(lists)).
:- use_module(library(freeze)).
:- use_module(library(between)).

% The binary places of a number not known yet (at most 8).
:- attribute binary_places/1.

% Places are a bound for the analysis only (see decimals.pl).
verify_attributes(_, _, []).
attribute_goals(V) --> { put_atts(V, -binary_places(_)) }.

%% unit(-U)
%
%  U is the number of units in 1.
%
%  ?- floating:unit(U).
%  U = 256.
unit(256).

%% places(?U, -P)
%
%  P bounds the binary places of the number U (units): 0 to 8.
%
%  ?- floating:places(384, P).
%  P = 1.
places(U, P) :-
    (   integer(U) -> integer_places(U, 8, P)
    ;   get_atts(U, binary_places(P0)) -> P = P0
    ;   P = 8
    ).

integer_places(U, P0, P) :-
    (   P0 > 0, U mod 2 =:= 0 -> P1 is P0 - 1, U1 is U // 2, integer_places(U1, P1, P) ; P = P0 ).

with_places(U, P) :-
    (   var(U) -> put_atts(U, binary_places(P)) ; true ).

% The largest magnitude, in units, of the numbers the model keeps for each type: all of them
% are exactly representable.
bound(double, 9007199254740992).
bound(float, 16777216).

% The largest magnitude of an input: the product of two inputs, and for a double the product
% of an input and any int, stays within the type's bound.
input_bound(double, 4194304).
input_bound(float, 65536).

%% value(+Type, ?U)
%
%  U is a number an input of Type (double or float) may hold: sixteenths of at most 2^14
%  (double) or 2^8 (float) in magnitude.
%
%  ?- floating:value(double, U), U #> 0, U #< 20.
%  U = 16.
value(Type, U) :-
    must_be(atom, Type),
    input_bound(Type, Max),
    Min is -Max,
    U in Min..Max,
    K #= U // 16,
    U #= K * 16,
    with_places(U, 4).

%% arithmetic(+Op, +Type, ?A, ?B, ?R)
%
%  R is A + B (add), A - B (sub) or A * B (mul) in Type, in units: exact, or the path is
%  abandoned where the JVM would round.
%
%  ?- floating:arithmetic(mul, double, 384, 640, R).
%  R = 960.
arithmetic(Op, Type, A, B, R) :-
    must_be(atom, Op),
    places(A, PA),
    places(B, PB),
    operation(Op, A, B, E, PA, PB, P),
    representable(Type, E),
    R = E,
    with_places(R, P).

operation(add, A, B, E, PA, PB, P) :- jvm:guarded(E #= A + B), P is max(PA, PB).
operation(sub, A, B, E, PA, PB, P) :- jvm:guarded(E #= A - B), P is max(PA, PB).
operation(mul, A, B, E, PA, PB, P) :-
    unit(One),
    P0 is PA + PB,
    (   P0 =< 8 -> jvm:guarded(A * B #= E * One), P = P0
    ;   jvm:guarded(Product #= A * B),
        (   jvm:guarded(Product mod One #= 0), jvm:guarded(E #= Product // One), P = 8
        ;   jvm:guarded(Product mod One #\= 0), jvm:abandon
        )
    ).

% E is within Type's bound, or the path is abandoned (the JVM would round).
representable(Type, E) :-
    bound(Type, Max),
    Min is -Max,
    (   fd_inf(E, Lo), integer(Lo), Lo >= Min, fd_sup(E, Hi), integer(Hi), Hi =< Max -> true
    ;   jvm:guarded(E #>= Min #/\ E #=< Max)
    ;   jvm:guarded(E #< Min #\/ E #> Max), jvm:abandon
    ).

%% negated(+Type, ?A, ?R)
%
%  R is -A (exact: the bounds are symmetric).
%
%  ?- floating:negated(double, 384, R).
%  R = -384.
negated(Type, A, R) :-
    must_be(atom, Type),
    places(A, P),
    jvm:guarded(R #= -A),
    with_places(R, P).

%% converted(+From, +To, ?A, ?R)
%
%  R is the value of A of type From converted to To, where one of them is double or float:
%  an int or long becomes units (a long beyond the bound would round: abandoned); a number
%  becomes an int or long by truncation toward zero, an int saturating at its range as the
%  JVM's d2i does; a double becomes a float when it fits (else abandoned).
%
%  ?- floating:converted(double, int, -448, R).
%  R = -1.
converted(From, To, A, R) :-
    must_be(atom, From),
    must_be(atom, To),
    conversion(From, To, A, R).

conversion(From, To, A, R) :-
    integral(From), !,
    unit(One),
    jvm:guarded(E #= A * One),
    representable(To, E),
    R = E,
    with_places(R, 0).
conversion(From, To, A, R) :-
    integral(To), !,
    must_be(atom, From),
    unit(One),
    jvm:guarded(T #= A // One),
    (   To == long -> R = T
    ;   jvm:guarded(I #= max(-2147483648, min(2147483647, T))),
        % A byte, short or char is the int narrowed (JLS 5.1.3).
        jvm:convert(int, To, I, R)
    ).
conversion(Type, Type, A, A) :- !.
conversion(float, double, A, A) :- !.
conversion(double, float, A, R) :-
    representable(float, A),
    R = A.

integral(int).
integral(long).
integral(byte).
integral(short).
integral(char).

%% of_decimal(+Type, ?U, ?K)
%
%  K is the number U of a DECIMAL (decimals.pl's units of 10^-4) as getDouble (Type double) or
%  getFloat (float) reads it. BigDecimal.doubleValue() is exact when U is a sixteenth (a
%  multiple of 625 units). The number read is bounded as an input is (a sixteenth of at most
%  2^14, or 2^8 for a float, in magnitude): a number U not known to be outside that bound is
%  within it from here on, and one known to be outside it (which the JVM may round, or which
%  arithmetic on it may take beyond what the model keeps exactly) is a path the model does not
%  follow (abandoned).
%
%  ?- floating:of_decimal(double, 15000, K).
%  K = 384.
of_decimal(Type, U, K) :-
    must_be(atom, Type),
    (   integer(U), U mod 625 =\= 0 -> jvm:abandon
    ;   input_bound(Type, Max),
        Min is -Max,
        jvm:guarded((E * 625 #= U * 16) #/\ E #>= Min #/\ E #=< Max) ->
        K = E,
        with_places(K, 4)
    ;   jvm:abandon
    ).

%% to_decimal(?K, ?U)
%
%  U is the double or float K as H2 makes it a DECIMAL (setDouble into a DECIMAL column, or
%  compared with one): BigDecimal.valueOf(K), which is K's exact value when K is a sixteenth of
%  at most 2^24 in magnitude (its shortest decimal text is then its exact value, of at most 4
%  places). Any other K is a path the model cannot follow (abandoned).
%
%  ?- floating:to_decimal(384, U).
%  U = 15000.
to_decimal(K, U) :-
    Max is 2^32,
    Min is -Max,
    places(K, P),
    (   P =< 4 -> true
    ;   jvm:guarded(K mod 16 #= 0)
    ;   jvm:guarded(K mod 16 #\= 0), jvm:abandon
    ),
    (   fd_inf(K, Lo), integer(Lo), Lo >= Min, fd_sup(K, Hi), integer(Hi), Hi =< Max -> true
    ;   jvm:guarded(K #>= Min #/\ K #=< Max)
    ;   jvm:guarded(K #< Min #\/ K #> Max), jvm:abandon
    ),
    jvm:guarded(U * 16 #= K * 625).

%% text_of(+Type, +Zero, ?U, -S)
%
%  S is Double.toString(U) (Type double) or Float.toString(U) (float), as string
%  concatenation and String.valueOf write a number, where the model writes it exactly: a
%  number below 10^7 in magnitude is written as plain decimals, '-', the integer part, '.' and
%  the fraction's digits, at least one. A number of units of 2^-8 has at most 8 decimal
%  places, and its exact decimal expansion is the JVM's text for every double below 10^7
%  (the shortest digits that tell it from its neighbours are all of them there) and for the
%  floats the float_exact/1 bounds keep (checked against the JVM for every float of the
%  model); any other number (10^7 and more, written 1.0E7; a float the JVM writes with fewer
%  digits) is a path the model does not follow (jvm:abandon/0). Zero is "0.0" when Zero is
%  unsigned (the value cannot be -0.0: the front end saw where it comes from), else a path
%  the model does not follow, as the model keeps -0.0 as 0 (Zero signed).
%  The length follows from the magnitude and the fraction's bits at once; the codes, when
%  something reads them, are placed once the sign and lengths are known, as strings.pl places
%  an integer's; a text longer than strings:max_length/1 cuts the path as any longer string.
%
%  ?- floating:text_of(double, unsigned, 3136, S).
%  S = s(5,[49,50,46,50,53,0,...]).
%  ?- floating:text_of(double, signed, U, s(L, _)), U in 256..2559, U mod 256 #= 0.
%  L = 3, ...
text_of(Type, Zero, U, S) :-
    must_be(atom, Type),
    must_be(atom, Zero),
    (   memberchk(Type, [double, float]) -> true ; domain_error(floating_type, Type, text_of/4) ),
    unit(One),
    Limit is 10^7 * One,
    written(abs(U) #< Limit),
    (   Type == float -> float_exact(U) ; true ),
    (   Zero == unsigned -> true ; written(U #\= 0) ),
    (   integer(U) -> known_text(U, S)
    ;   symbolic_text(U, S)
    ).

%% box_text(+Type, +Zero, ?B, -S)
%
%  text_of/4 of a Double or Float box B: "null" for null.
%
%  ?- floating:box_text(double, unsigned, box(384), S).
%  S = s(3,[49,46,53,0,...]).
box_text(Type, Zero, B, S) :-
    boxes:shape(Type, B),
    (   B = box(U) -> text_of(Type, Zero, U, S) ; strings:literal("null", S) ).

% C holds, or the path is abandoned where it does not (the JVM's text is not modelled there).
written(C) :-
    B #<==> C,
    (   B == 1 -> true
    ;   B == 0 -> jvm:abandon
    ;   jvm:guarded(B #= 1)
    ;   jvm:guarded(B #= 0), jvm:abandon
    ).

% Float.toString of a float of units U is its exact expansion when U has at most 3 binary
% places, or 4 below 2^14 in magnitude, 5 below 2^10, 6 below 2^7, 7 below 2^4, 8 below 1
% (the first float of each number of places the JVM writes otherwise is 16384.0625,
% 1024.03125, 128.015625, 16.0078125 and 1.00390625).
float_exact(U) :-
    places(U, P),
    (   fd_inf(U, Lo), integer(Lo), fd_sup(U, Hi), integer(Hi) -> Magnitude is max(abs(Lo), abs(Hi))
    ;   Magnitude = inf
    ),
    (   P =< 3 -> true
    ;   P =< 4, Magnitude \== inf, Magnitude < 4194320 -> true
    ;   float_exact_(U)
    ).

float_exact_(U) :-
    written(   U mod 32 #= 0
           #\/ (U mod 16 #= 0 #/\ abs(U) #< 4194320)
           #\/ (U mod 8 #= 0 #/\ abs(U) #< 262152)
           #\/ (U mod 4 #= 0 #/\ abs(U) #< 32772)
           #\/ (U mod 2 #= 0 #/\ abs(U) #< 4098)
           #\/ abs(U) #< 257).

known_text(U, S) :-
    unit(One),
    Abs is abs(U),
    Int is Abs // One,
    number_codes(Int, IntCodes),
    fraction_codes(Abs mod One, FracCodes),
    (   U < 0 -> Sign = [0'-] ; Sign = [] ),
    append([Sign, IntCodes, [0'.], FracCodes], Codes),
    atom_codes(A, Codes),
    atom_chars(A, Chars),
    strings:literal(Chars, S).

% The decimal digits of F/256 (F in 0..255), without trailing zeros but at least one.
fraction_codes(F0, Codes) :-
    F is F0,
    D is F * 390625 + 100000000,
    number_codes(D, [_|Digits]),
    reverse(Digits, Reversed),
    without_zeros(Reversed, Kept),
    reverse(Kept, Codes).

without_zeros([0'0|Ds], Kept) :- Ds = [_|_], !, without_zeros(Ds, Kept).
without_zeros(Ds, Ds).

symbolic_text(U, s(Len, Codes)) :-
    unit(One),
    Neg #<==> (U #< 0),
    Abs #= abs(U),
    Int #= Abs // One,
    Frac #= Abs mod One,
    maplist(at_least(Int), [10, 100, 1000, 10000, 100000, 1000000], MoreInt),
    sum(MoreInt, #=, MoreIntDigits),
    IntDigits #= 1 + MoreIntDigits,
    % A fraction F/256 has 8 - v places, v the number of F's trailing zero bits (1 for 0).
    maplist(not_multiple(Frac), [128, 64, 32, 16, 8, 4, 2], MoreFrac),
    sum(MoreFrac, #=, MoreFracDigits),
    FracDigits #= 1 + MoreFracDigits,
    Len #= Neg + IntDigits + 1 + FracDigits,
    strings:max_length(Max),
    Len #=< Max,
    freeze(Codes, text_codes(Codes, Neg, Int, Frac, IntDigits, FracDigits)),
    freeze(U, known_text(U, s(Len, Codes))).

at_least(N, Bound, B) :- B #<==> (N #>= Bound).

not_multiple(F, M, B) :- B #<==> (F mod M #\= 0).

% Runs when strings:codes/2 has made the codes: their alphabet now, the characters once the
% sign and the lengths are known.
text_codes(Codes, Neg, Int, Frac, IntDigits, FracDigits) :-
    maplist(text_code, Codes),
    freeze(Neg, freeze(IntDigits, freeze(FracDigits, placed(Codes, Neg, Int, Frac, IntDigits, FracDigits)))).

text_code(C) :- C in 0 \/ 45..46 \/ 48..57.

placed(Codes, Neg, Int, Frac, IntDigits, FracDigits) :-
    length(Sign, Neg),
    maplist(=(0'-), Sign),
    append(Sign, AfterSign, Codes),
    length(IntCodes, IntDigits),
    append(IntCodes, [0'.|AfterPoint], AfterSign),
    Top is IntDigits - 1,
    numlist(0, Top, Places),
    reverse(Places, Exponents),
    maplist(digit_code(Int), Exponents, IntCodes),
    length(FracCodes, FracDigits),
    append(FracCodes, _, AfterPoint),
    D #= Frac * 390625,
    numlist(1, FracDigits, Positions),
    maplist(fraction_digit(D), Positions, FracCodes).

digit_code(N, E, C) :-
    P is 10^E,
    C #= 48 + (N // P) mod 10.

fraction_digit(D, J, C) :-
    P is 10^(8 - J),
    C #= 48 + (D // P) mod 10.
