/* Instants: java.util.Date, java.sql.Date and java.sql.Timestamp values, and the DATE and
   TIMESTAMP values of the database, as integers over clpz.

   An instant is the number of milliseconds since 1970-01-01T00:00 UTC (Date.getTime()); the
   generated tests run in UTC, so that this number, the text of the value and what H2 stores
   agree on every machine. Inputs are kept to the years 1970..2099, which tests print
   readably. A DATE is the first millisecond of its day. In Java a date is a value like a box,
   null or box(Millis) (boxes.pl), since the modelled methods never change one.
*/

:- module(dates, [value/1, day/1, day_start/2, compared/5]).

:- use_module(library(clpz)).
:- use_module(library(error)).

%% value(?M)
%
%  M is an instant of an input: 1970-01-01T00:00:00.000 to 2099-12-31T23:59:59.999 UTC.
%
%  ?- dates:value(M).
%  clpz:(M in 0..4102444799999).
value(M) :- M in 0..4102444799999.

%% day(?M)
%
%  M is the first millisecond of a day of 1970..2099: a DATE value.
%
%  ?- dates:day(M), M #> 0, M #< 100000000.
%  M = 86400000.
day(M) :-
    D in 0..47481,
    M #= D * 86400000.

%% day_start(?M, ?Day)
%
%  Day is the first millisecond of M's day (UTC): what JDBC's setDate and getDate keep of an
%  instant.
%
%  ?- dates:day_start(90000000, D).
%  D = 86400000.
day_start(M, Day) :- Day #= (M div 86400000) * 86400000.

%% compared(+Op, ?A, ?B, -R, -Ex)
%
%  R is A.before(B) (Op before), A.after(B) (after), both as 1 or 0, or A.compareTo(B)
%  (compare_to: -1, 0 or 1), for dates A and B; Ex is a NullPointerException flag when either
%  is null. The relation is a reified constraint, not a path split.
%
%  ?- dates:compared(before, box(1), box(2), R, Ex).
%  R = 1, Ex = ok.
compared(Op, A, B, R, Ex) :-
    must_be(atom, Op),
    boxes:unboxed(date, A, MA, ExA),
    (   ExA == ok ->
        boxes:unboxed(date, B, MB, Ex),
        (   Ex == ok -> relation(Op, MA, MB, R) ; true )
    ;   Ex = ExA
    ).

relation(before, A, B, R) :- R in 0..1, R #<==> (A #< B).
relation(after, A, B, R) :- R in 0..1, R #<==> (A #> B).
relation(compare_to, A, B, R) :-
    R in -1..1,
    (R #= -1) #<==> (A #< B),
    (R #= 1) #<==> (A #> B).
