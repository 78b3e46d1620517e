/* Instants: java.util.Date, java.sql.Date, java.sql.Timestamp and java.sql.Time values, and
   the DATE, TIMESTAMP and TIME values of the database, as integers over clpz.

   An instant is the number of milliseconds since 1970-01-01T00:00 UTC (Date.getTime()); the
   generated tests run in UTC, so that this number, the text of the value and what H2 stores
   agree on every machine. Inputs are kept to the years 1970..2099, which tests print
   readably. A DATE is the first millisecond of its day. In Java a date is a value like a box,
   null or box(Millis) (boxes.pl), since the modelled methods never change one.
*/

:- module(dates, [value/1, day/1, day_start/2, time_of_day/2, time_value/1, time_stored/2, compared/5]).

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

%% time_of_day(?M, ?T)
%
%  T is the millisecond of its day (UTC) of the instant M: what JDBC's setTime sends of a
%  java.sql.Time, and what getTime gives (on 1970-01-01) of a TIME value.
%
%  ?- dates:time_of_day(86401500, T).
%  T = 1500.
time_of_day(M, T) :- T #= M mod 86400000.

%% time_value(?M)
%
%  M is a value of a TIME column (whole seconds, as H2's TIME(0) keeps them): the millisecond
%  of the day it starts.
%
%  ?- dates:time_value(M), M #> 0, M #< 2000.
%  M = 1000.
time_value(M) :-
    S in 0..86399,
    M #= S * 1000.

%% time_stored(?T, ?V)
%
%  V is what a TIME column keeps of the time of day T (milliseconds): H2 rounds it half up to
%  a whole second, and keeps 23:59:59 of a time that would round to the next day.
%
%  ?- dates:time_stored(36000500, V).
%  V = 36001000.
time_stored(T, V) :-
    Rounded #= ((T + 500) div 1000) * 1000,
    V #= min(Rounded, 86399000).

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
