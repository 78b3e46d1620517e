/* Java's double and float values over clpz, exactly as IEEE 754 computes them.

   A number is kept as an integer of units of 2^-8 (ir::FLOATING_UNIT_BITS): 12.25 is 3136.
   Every integer of units up to 2^53 (a double) or 2^24 (a float) in magnitude is a number the
   type represents exactly, so a sum, difference, product or comparison of such numbers that
   stays within that bound is exactly what the JVM computes (IEEE 754 rounds only results it
   cannot represent). A result beyond the bound, or a product with more than 8 binary places,
   is a path the model cannot follow (jvm:abandon/0), never a rounded value. Division and
   literals such as 0.1 are reported by the front end. NaN and the infinities never arise;
   -0.0 may, but only where it equals 0.0 (==, <, the tests' assertions): what tells it apart
   (Double.equals, Double.compare, toString) is reported.

   A number's binary places (a bound on the bits after its point) go with it as an
   attribute: 4 for an input (sixteenths), 0 for a converted integer, the sum of the factors'
   for a product, as in decimals.pl.
*/

:- module(floating, [value/2, arithmetic/5, negated/3, converted/4, unit/1, of_decimal/3, to_decimal/2]).

:- use_module(library(clpz)).
:- use_module(library(error)).
:- use_module(library(atts)).
:- use_module(library(dcgs)).

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
