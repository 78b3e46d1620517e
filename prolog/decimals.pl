/* BigDecimal values, and the DECIMAL and NUMERIC values of the database, as integers over clpz.

   A number is kept as an integer of units of 10^-4 (ir::DECIMAL_SCALE): 12.50 is 125000. Only
   what depends on the value alone is modelled (compareTo, signum, add, subtract, multiply,
   setScale with a rounding mode): a BigDecimal's scale shows only through equals, toString and
   scale(), which the front end reports, so a path computes exactly what the JVM computes.
   A number's places (a bound on the digits after its point) go with it as an attribute: 2 for
   an input (the tests' inputs are cents), a column's scale for its values, and what the
   operations make of them. A product is exact when its factors' places add up to 4 at most;
   one that may have more is a path the model cannot follow (abandoned, never rounded). In
   Java a BigDecimal is a value like a box, null or box(Units) (boxes.pl).
*/

:- module(decimals, [value/1, unit/1, places/2, of_integer/2, compared/4, arithmetic/4, rounded/5, column_value/3,
                     stored/4]).

:- use_module(library(clpz)).
:- use_module(library(error)).
:- use_module(library(atts)).
:- use_module(library(dcgs)).

% The places of a number not known yet (at most 4).
:- attribute places_bound/1.

% Places are a bound for the analysis only: any value may meet the variable, and summaries and
% answers do not mention them (removed here, or copy_term/3 would write a put_atts/2 goal).
verify_attributes(_, _, []).
attribute_goals(V) --> { put_atts(V, -places_bound(_)) }.

%% places(?U, -P)
%
%  P bounds the places of the number U (units): 0 to 4.
%
%  ?- decimals:places(125000, P).
%  P = 1.
places(U, P) :-
    (   integer(U) -> integer_places(U, 4, P)
    ;   get_atts(U, places_bound(P0)) -> P = P0
    ;   P = 4
    ).

integer_places(U, P0, P) :-
    (   P0 > 0, U mod 10 =:= 0 -> P1 is P0 - 1, U1 is U // 10, integer_places(U1, P1, P) ; P = P0 ).

% U has at most P places.
with_places(U, P) :-
    (   var(U) -> put_atts(U, places_bound(P)) ; true ).

%% unit(-U)
%
%  U is the number of units in 1.
%
%  ?- decimals:unit(U).
%  U = 10000.
unit(10000).

%% value(?U)
%
%  U is a number an input may hold: cents, -10^12 < U / 10^4 < 10^12, so that the product of
%  two inputs is exact in units.
%
%  ?- decimals:value(U), U #> 0, U #< 150.
%  U = 100.
value(U) :-
    U in -9999999999999900..9999999999999900,
    C #= U // 100,
    U #= C * 100,
    with_places(U, 2).

%% of_integer(?I, ?U)
%
%  U is the integer I in units (new BigDecimal(long), BigDecimal.valueOf(long)).
%
%  ?- decimals:of_integer(3, U).
%  U = 30000.
of_integer(I, U) :- unit(One), U #= I * One, with_places(U, 0).

%% compared(+Op, ?A, ?B, -R)
%
%  R is A.compareTo(B) (Op compare_to: -1, 0 or 1), A.signum() (signum, B ignored), max(A, B)
%  (max) or min(A, B) (min), for numbers in units: reified constraints, not path splits.
%
%  ?- decimals:compared(compare_to, 5, 7, R).
%  R = -1.
compared(Op, A, B, R) :-
    must_be(atom, Op),
    comparison(Op, A, B, R).

comparison(compare_to, A, B, R) :-
    R in -1..1,
    (R #= -1) #<==> (A #< B),
    (R #= 1) #<==> (A #> B).
comparison(signum, A, _, R) :- comparison(compare_to, A, 0, R).
comparison(max, A, B, R) :- R #= max(A, B), max_places(A, B, R).
comparison(min, A, B, R) :- R #= min(A, B), max_places(A, B, R).

max_places(A, B, R) :- places(A, PA), places(B, PB), P is max(PA, PB), with_places(R, P).

%% arithmetic(+Op, ?A, ?B, ?R)
%
%  R is A + B (add), A - B (subtract), A * B (multiply), -A (negate) or |A| (abs) in units.
%  A product whose exact value has more than 4 decimal places is abandoned (jvm:abandon/0).
%
%  ?- decimals:arithmetic(multiply, 15000, 25000, R).
%  R = 37500.
arithmetic(Op, A, B, R) :-
    must_be(atom, Op),
    places(A, PA),
    places(B, PB),
    operation(Op, A, B, R),
    (   Op == multiply -> P is PA + PB ; P is max(PA, PB) ),
    with_places(R, P).

operation(add, A, B, R) :- R #= A + B.
operation(subtract, A, B, R) :- R #= A - B.
operation(negate, A, _, R) :- R #= -A.
operation(abs, A, _, R) :- R #= abs(A).
operation(multiply, A, B, R) :-
    unit(One),
    places(A, PA),
    places(B, PB),
    (   PA + PB =< 4 -> A * B #= R * One
    ;   P #= A * B,
        (   jvm:guarded(P mod One #= 0), R #= P // One
        ;   jvm:guarded(P mod One #\= 0), jvm:abandon
        )
    ).

%% rounded(+Scale, +Mode, ?A, -R, -Ex)
%
%  R is A.setScale(Scale, Mode) in units: Mode half_up rounds to Scale places, half away from
%  zero; Mode unnecessary is R = A when A has at most Scale places, else Ex is the flag
%  exc('java.lang.ArithmeticException'), a path of its own, as the JVM throws.
%
%  ?- decimals:rounded(0, half_up, 25000, R, Ex).
%  R = 30000, Ex = ok.
rounded(Scale, Mode, A, R, Ex) :-
    must_be(integer, Scale),
    must_be(atom, Mode),
    (   Scale >= 4 -> R = A, Ex = ok
    ;   Step is 10^(4 - Scale),
        rounding(Mode, Step, A, R, Ex)
    ).

rounding(half_up, Step, A, R, ok) :-
    Half is Step // 2,
    M #= ((abs(A) + Half) // Step) * Step,
    R #= sign(A) * M,
    integer_log10(Step, Log),
    Places is 4 - Log,
    with_places(R, Places).
rounding(unnecessary, Step, A, R, Ex) :-
    (   jvm:guarded(A mod Step #= 0), R = A, Ex = ok
    ;   jvm:guarded(A mod Step #\= 0), Ex = exc('java.lang.ArithmeticException')
    ).

% L is the base-10 logarithm of the power of ten N.
integer_log10(N, L) :- ( N >= 10 -> N1 is N // 10, integer_log10(N1, L1), L is L1 + 1 ; L = 0 ).

%% column_value(+Precision, +Scale, ?U)
%
%  U is a value of a DECIMAL(Precision, Scale) column in units: at most Precision digits, Scale
%  of them after the point.
%
%  ?- decimals:column_value(3, 2, U), U #> 0, U #< 200.
%  U = 100.
column_value(Precision, Scale, U) :-
    must_be(integer, Precision),
    must_be(integer, Scale),
    Step is 10^(4 - Scale),
    % A DECIMAL without precision holds any number; the tests' values have at most 30 digits
    % (a known domain: a value is told from SQL NULL by its domain, db.pl).
    (   undeclared_precision(Precision) -> Digits = 30 ; Digits = Precision ),
    Max is (10^Digits - 1) * Step,
    Min is -Max,
    U in Min..Max,
    K #= U // Step,
    U #= K * Step,
    with_places(U, Scale).

%% stored(+Precision, +Scale, ?U, -Outcome)
%
%  Outcome is ok when the number U (units, already rounded to Scale places: db.pl's
%  converted/4 rounds a parameter as H2 does) fits a DECIMAL(Precision, Scale) column,
%  exc('java.sql.SQLException') when H2 refuses it as too long. A known number of more places
%  (a literal) is not followed (jvm:abandon/0).
%
%  ?- decimals:stored(3, 2, 12000, O).
%  O = ok.
stored(Precision, Scale, U, Outcome) :-
    Step is 10^(4 - Scale),
    (   integer(U), U mod Step =\= 0 -> jvm:abandon
    ;   undeclared_precision(Precision) -> Outcome = ok
    ;   Max is (10^Precision - 1) * Step,
        jvm:guarded(U #>= -Max #/\ U #=< Max), Outcome = ok
    ;   Max is (10^Precision - 1) * Step,
        jvm:guarded(U #< -Max #\/ U #> Max), Outcome = exc('java.sql.SQLException')
    ).

% A DECIMAL declared without precision (schema.rs: UNDECLARED_DECIMAL_PRECISION, H2's 100000
% digits) holds every number of the model.
undeclared_precision(100000).
