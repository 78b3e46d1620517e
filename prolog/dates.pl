/* Instants: java.util.Date, java.sql.Date, java.sql.Timestamp and java.sql.Time values, and
   the DATE, TIMESTAMP and TIME values of the database, as integers over clpz.

   An instant is the number of milliseconds since 1970-01-01T00:00 UTC (Date.getTime()); the
   generated tests run in UTC, so that this number, the text of the value and what H2 stores
   agree on every machine. Inputs are kept to the years 1970..2099, which tests print
   readably. A DATE is the first millisecond of its day. In Java a date is a value like a box,
   null or box(Millis) (boxes.pl), since the modelled methods never change one.
*/

:- module(dates, [value/1, day/1, day_start/2, time_of_day/2, time_value/1, time_stored/2, compared/5,
                  compared/6, text_parsed/4, text_of/4, value_text/3, made/4, iso_parsed/4, field/5,
                  local_compared/4, time_compared/5, days_added/5, converted/5, clock_window/2,
                  clock_read/3]).

:- use_module(library(clpz)).
:- use_module(library(error)).
:- use_module(library(lists)).

%% value(?M)
%
%  M is an instant of an input: 1970-01-01T00:00:00.000 to 2099-12-31T23:59:59.999 UTC.
%
%  ?- dates:value(M).
%  clpz:(M in 0..4102444799999).
value(M) :- M in 0..4102444799999.

%% clock_window(-Start, -End)
%
%  The clock, an input no test sets, is somewhere in Start .. End - 1 whenever a test runs:
%  from 2020-01-01 to 2090-01-01 (UTC), in milliseconds, so a test written now holds until
%  2090. A path's values are kept where it decides the same way for every reading of the
%  window (db:clock_truth/3 in SQL; explore.pl labels a path that read the clock in Java for
%  every reading).
%
%  ?- dates:clock_window(S, E).
%  S = 1577836800000, E = 3786912000000.
clock_window(1577836800000, 3786912000000).

%% clock_read(-C, +S0, -S)
%
%  C is a reading of the clock (System.currentTimeMillis(), new Date(), Instant.now()): a
%  millisecond of the window, recorded as the event clock(C) so that labelling keeps the path
%  true whatever C is and no test asserts C exactly.
%
%  ?- state:initial(S0), dates:clock_read(C, S0, S).
%  S = st([clock(C)],0,none,heap(0,[],[])), clpz:(C in 1577836800000..3786911999999).
clock_read(C, S0, S) :-
    clock_window(Start, End),
    Last is End - 1,
    C in Start..Last,
    state:clock(C, S0, S).

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
compared(Op, A, B, R, Ex) :- compared(date, Op, A, B, R, Ex).

%% compared(+Kind, +Op, ?A, ?B, -R, -Ex)
%
%  As compared/5, for values shaped as Kind (boxes:shape/2): date, or local_date for a
%  java.time.LocalDate (isBefore, isAfter).
%
%  ?- dates:compared(local_date, after, box(86400000), box(0), R, Ex).
%  R = 1, Ex = ok.
compared(Kind, Op, A, B, R, Ex) :-
    must_be(atom, Op),
    both_unboxed(Kind, A, B, MA, MB, Ex),
    (   Ex == ok -> relation(Op, MA, MB, R) ; true ).

%% both_unboxed(+Kind, ?A, ?B, -MA, -MB, -Ex)
%
%  MA and MB are the milliseconds of the dates A and B of Kind; Ex is `ok`, or the
%  NullPointerException flag of the first that is null (B is not looked at when A is null).
%
%  ?- dates:both_unboxed(date, box(1), box(2), MA, MB, Ex).
%  MA = 1, MB = 2, Ex = ok.
both_unboxed(Kind, A, B, MA, MB, Ex) :-
    boxes:unboxed(Kind, A, MA, ExA),
    (   ExA == ok -> boxes:unboxed(Kind, B, MB, Ex) ; Ex = ExA ).

relation(before, A, B, R) :- R in 0..1, R #<==> (A #< B).
relation(after, A, B, R) :- R in 0..1, R #<==> (A #> B).
relation(compare_to, A, B, R) :-
    R in -1..1,
    (R #= -1) #<==> (A #< B),
    (R #= 1) #<==> (A #> B).

%% text_parsed(+Class, ?S, -R, -Ex)
%
%  R is Class.valueOf(S) for a String S (Class timestamp, date or time: java.sql.Timestamp,
%  java.sql.Date, java.sql.Time) in the zone the tests run in (UTC), or Ex the exception it
%  throws: IllegalArgumentException, or NumberFormatException (one) where Integer.parseInt
%  fails on a field. A known text is parsed as the JDK (8 to 25) parses it, leniency included
%  (one-digit fields, a sign, hour 25, February 31st roll over); a result the model cannot
%  hold (a fraction finer than a millisecond, a year outside 1970..2099) abandons the path.
%  An unknown text (at most max_length/1 characters) is one of three kinds, each a path: the
%  layout of at most 16 characters that reaches every day (layout/3), the same layout with a
%  letter first (NumberFormatException), or text without the separator the JDK looks for
%  first (IllegalArgumentException). A text something already constrained (built by a
%  concatenation, say) may be none of these: a fourth path abandons it.
%
%  ?- strings:literal("2020-01-31 10:00:00.25", S), dates:text_parsed(timestamp, S, R, Ex).
%  R = box(1580464800250), Ex = ok.
%  ?- strings:literal("2020-1-31", S), dates:text_parsed(date, S, R, Ex).
%  R = box(1580428800000), Ex = ok.
text_parsed(Class, S, R, Ex) :-
    must_be(atom, Class),
    (   memberchk(Class, [timestamp, date, time]) -> true
    ;   domain_error(date_text_class, Class, text_parsed/4)
    ),
    strings:shape(S),
    (   S == null -> Ex = exc('java.lang.IllegalArgumentException')
    ;   S = s(Len, Codes), integer(Len), ground(Codes) ->
        length(Text, Len),
        append(Text, _, Codes),
        jdk_parsed(Class, Text, Outcome),
        (   Outcome = millis(M) -> R = box(M), Ex = ok
        ;   Outcome = thrown(Class1) -> Ex = exc(Class1)
        ;   jvm:abandon
        )
    ;   unknown_text_parsed(Class, S, R, Ex)
    ).

unknown_text_parsed(Class, S, R, Ex) :-
    S = s(Len, Codes),
    strings:max_length(Max),
    (   var(Codes), fd_inf(Len, 0), fd_sup(Len, Max) -> Untouched = true
    ;   of_a_kind(Class, S) -> Untouched = true
    ;   Untouched = false
    ),
    (   layout(Class, digits, Layout, f(Y, Mo, D, H, Mi, Se)),
        laid_out(S, Layout),
        instant(Y, Mo, D, H, Mi, Se, M),
        R = box(M),
        Ex = ok
    ;   layout(Class, letter, Layout, _),
        laid_out(S, Layout),
        Ex = exc('java.lang.NumberFormatException')
    ;   separator(Class, Separator),
        strings:codes(S, AllCodes),
        maplist(#\=(Separator), AllCodes),
        Ex = exc('java.lang.IllegalArgumentException')
    ;   Untouched == false,
        jvm:abandon
    ).

% Whether S is a text valueOf already parsed (the same text parsed twice): the kinds are
% then all it can be. Its codes hold the layout's separators and every other code one the
% layout allows (digits, or a letter leading a field of anything but separators), or no code
% can be the separator.
of_a_kind(Class, s(Len, Codes)) :-
    nonvar(Codes),
    separator(Class, Separator),
    (   maplist(lacks(Separator), Codes) -> true
    ;   integer(Len),
        kind_shape(Class, Len, Lead, Separators),
        length(Text, Len),
        append(Text, _, Codes),
        foldl(kind_code(Lead, Separators, Text), Text, 0, _)
    ).

lacks(Separator, C) :- \+ C = Separator.

% The length of a layout, the length of its leading field, and its separators by position.
kind_shape(timestamp, 16, 4, [4-45, 7-45, 10-32, 12-58, 14-58]).
kind_shape(date, 10, 4, [4-45, 7-45]).
kind_shape(time, 8, 2, [2-58, 5-58]).

kind_code(Lead, Separators, [First|_], C, P, P1) :-
    P1 is P + 1,
    (   memberchk(P-Separator, Separators) -> C == Separator
    ;   P >= Lead -> only(C, 48..57)
    ;   only(First, 48..57) -> only(C, 48..57)
    ;   only(First, 65..90 \/ 97..122),
        ( P =:= 0 -> true ; only(C, 33..44 \/ 46..57 \/ 59..126) )
    ).

% Every value C may take is in Domain.
only(C, Domain) :-
    \+ \+ ( fd_dom(C, Dom), X in Dom, X in Domain, fd_size(X, Size), fd_size(C, Size) ).

% The character each class looks for first: without it, valueOf throws
% IllegalArgumentException before it parses anything.
separator(timestamp, 32).
separator(date, 45).
separator(time, 58).

%% layout(+Class, +Lead, -Codes, -Fields)
%
%  The layout of an unknown text: yyyy-mm-dd h:m:s (one-digit hour, minute and second: 16
%  characters, the bound on unknown strings, and every day of 1970..2099), yyyy-mm-dd,
%  hh:mm:ss. Fields are f(Year, Month, Day, Hour, Minute, Second), the numbers the digits
%  spell. With Lead digits the text is valid; with Lead letter its first field (the year,
%  or the hour of a Time) starts with a letter and the rest of that field is anything but a
%  separator, so that Integer.parseInt throws NumberFormatException on it.
%
%  ?- dates:layout(date, digits, Cs, f(Y, Mo, D, _, _, _)), Y = 2020, Mo = 1, D = 31, atom_codes(A, Cs).
%  A = '2020-01-31', ...
layout(timestamp, Lead, [Y1, Y2, Y3, Y4, 45, Mo1, Mo2, 45, D1, D2, 32, H, 58, Mi, 58, Se], f(Y, Mo, D, H0, Mi0, Se0)) :-
    lead_field(Lead, [Y1, Y2, Y3, Y4], Y),
    digits([Mo1, Mo2], Mo),
    digits([D1, D2], D),
    digits([H], H0),
    digits([Mi], Mi0),
    digits([Se], Se0).
layout(date, Lead, [Y1, Y2, Y3, Y4, 45, Mo1, Mo2, 45, D1, D2], f(Y, Mo, D, 0, 0, 0)) :-
    lead_field(Lead, [Y1, Y2, Y3, Y4], Y),
    digits([Mo1, Mo2], Mo),
    digits([D1, D2], D).
layout(time, Lead, [H1, H2, 58, Mi1, Mi2, 58, Se1, Se2], f(1970, 1, 1, H, Mi, Se)) :-
    lead_field(Lead, [H1, H2], H),
    digits([Mi1, Mi2], Mi),
    digits([Se1, Se2], Se).

lead_field(digits, Codes, N) :- digits(Codes, N).
lead_field(letter, [Letter|Codes], _) :-
    Letter in 65..90 \/ 97..122,
    % Not a space, '-' or ':': the separators stay where the layout puts them.
    maplist(in_field, Codes).

in_field(C) :- C in 33..44 \/ 46..57 \/ 59..126.

% Digits that spell N (most significant first), each code 0'0..0'9.
digits(Codes, N) :-
    foldl(digit_value, Codes, 0, N).

digit_value(C, N0, N) :-
    C in 48..57,
    N #= N0 * 10 + C - 48.

% S is exactly the text Layout.
laid_out(S, Layout) :-
    length(Layout, N),
    S = s(N, _),
    strings:codes(S, Codes),
    append(Layout, _, Codes).

% The instant of a valid date and time of 1970..2099 (UTC): none rolls over.
instant(Y, Mo, D, H, Mi, Se, M) :-
    Y in 1970..2099,
    Mo in 1..12,
    D in 1..31,
    H in 0..23,
    Mi in 0..59,
    Se in 0..59,
    % Within 1970..2099 a year is a leap year when 4 divides it (2000 is one).
    Leap #<==> (Y mod 4 #= 0),
    element(Mo, [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], Length0),
    February #<==> (Mo #= 2),
    D #=< Length0 + February * Leap,
    element(Mo, [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334], Before),
    AfterFebruary #<==> (Mo #> 2),
    Days #= 365 * (Y - 1970) + (Y - 1969) // 4 + Before + AfterFebruary * Leap + D - 1,
    M #= Days * 86400000 + H * 3600000 + Mi * 60000 + Se * 1000.

%% jdk_parsed(+Class, +Text, -Outcome)
%
%  What Class.valueOf does with the known text Text (codes): millis(M), thrown(Exception), or
%  unmodelled (a result the model cannot hold). Follows the JDK's code step by step, so that
%  the exception is the one it throws first.
%
%  ?- dates:jdk_parsed(timestamp, "2020-1-31 25:00:00", O).
%  O = millis(1580518800000).
jdk_parsed(Class, Text, Outcome) :-
    catch(jdk_fields(Class, Text, Fields), jdk_thrown(Exception), true),
    (   nonvar(Exception) -> Outcome = thrown(Exception)
    ;   lenient_instant(Fields, Outcome)
    ).

jdk_fields(timestamp, Text0, f(Y, Mo, D, H, Mi, Se, Nanos)) :-
    trimmed(Text0, Text),
    length(Text, Len),
    index_of(Text, 32, 0, Space),
    (   Space < 0 -> illegal ; true ),
    index_of(Text, 58, Space + 1, Colon1),
    index_of(Text, 58, Colon1 + 1, Colon2),
    index_of(Text, 46, Colon2 + 1, Period),
    jdk_day(Text, Space, Y, Mo, D),
    (   Colon1 > 0, Colon2 > 0, Colon2 < Len - 1 ->
        parsed_int(Text, Space + 1, Colon1, H),
        parsed_int(Text, Colon1 + 1, Colon2, Mi),
        (   Period > 0, Period < Len - 1 ->
            parsed_int(Text, Colon2 + 1, Period, Se),
            Places is Len - (Period + 1),
            (   Places > 9 -> illegal ; true ),
            First is Period + 1,
            nth0(First, Text, C),
            (   C >= 48, C =< 57 -> true ; illegal ),
            parsed_int(Text, First, Len, Fraction),
            Nanos is Fraction * 10^(9 - Places)
        ;   Period > 0 -> illegal
        ;   parsed_int(Text, Colon2 + 1, Len, Se),
            Nanos = 0
        )
    ;   illegal
    ).
jdk_fields(date, Text, f(Y, Mo, D, 0, 0, 0, 0)) :-
    length(Text, Len),
    jdk_day(Text, Len, Y, Mo, D).
jdk_fields(time, Text, f(1970, 1, 1, H, Mi, Se, 0)) :-
    length(Text, Len),
    index_of(Text, 58, 0, Colon1),
    index_of(Text, 58, Colon1 + 1, Colon2),
    (   Colon1 > 0, Colon2 > 0, Colon2 < Len - 1 ->
        parsed_int(Text, 0, Colon1, H),
        parsed_int(Text, Colon1 + 1, Colon2, Mi),
        parsed_int(Text, Colon2 + 1, Len, Se)
    ;   illegal
    ).

%  jdk_day(+Text, +End, -Y, -Mo, -D): the day `yyyy-[m]m-[d]d` that Text holds before index End,
%  read as Date.valueOf and the date part of Timestamp.valueOf read it (illegal otherwise).
jdk_day(Text, End, Y, Mo, D) :-
    index_of(Text, 45, 0, Dash1),
    index_of(Text, 45, Dash1 + 1, Dash2),
    (   Dash1 > 0, Dash2 > 0, Dash2 < End - 1,
        Dash1 =:= 4,
        Dash2 - Dash1 > 1, Dash2 - Dash1 =< 3,
        End - Dash2 > 1, End - Dash2 =< 3 ->
        parsed_int(Text, 0, Dash1, Y),
        parsed_int(Text, Dash1 + 1, Dash2, Mo),
        parsed_int(Text, Dash2 + 1, End, D),
        (   Mo >= 1, Mo =< 12, D >= 1, D =< 31 -> true ; illegal )
    ;   illegal
    ).

illegal :- throw(jdk_thrown('java.lang.IllegalArgumentException')).

% String.trim(): without the leading and trailing codes up to the space.
trimmed(Text0, Text) :-
    drop_blanks(Text0, Text1),
    reverse(Text1, Reversed1),
    drop_blanks(Reversed1, Reversed),
    reverse(Reversed, Text).

drop_blanks([C|Cs], Rest) :- C =< 32, !, drop_blanks(Cs, Rest).
drop_blanks(Cs, Cs).

% String.indexOf(C, From): the first index from From on (0 when From is negative), or -1.
index_of(Text, C, From0, I) :-
    From is max(0, From0),
    (   nth0(I0, Text, C), I0 >= From -> I = I0 ; I = -1 ).

% Integer.parseInt(Text, Begin, End, 10): an optional sign, then at least one ASCII digit
% (the only digits strings hold), within int; NumberFormatException otherwise.
parsed_int(Text, Begin0, End0, N) :-
    Begin is Begin0,
    End is End0,
    Count is End - Begin,
    length(Prefix, Begin),
    append(Prefix, Rest, Text),
    length(Field, Count),
    append(Field, _, Rest),
    (   Field = [Sign|Digits], memberchk(Sign, [45, 43]) -> true ; Digits = Field, Sign = 43 ),
    (   Digits \== [], maplist(ascii_digit, Digits) -> true ; throw(jdk_thrown('java.lang.NumberFormatException')) ),
    foldl(decimal, Digits, 0, Magnitude),
    (   Sign =:= 45 -> N is -Magnitude ; N = Magnitude ),
    (   N >= -2147483648, N =< 2147483647 -> true ; throw(jdk_thrown('java.lang.NumberFormatException')) ).

ascii_digit(C) :- C >= 48, C =< 57.

decimal(C, N0, N) :- N is N0 * 10 + C - 48.

% new Timestamp(year - 1900, month - 1, day, hour, minute, second, nanos), new Date(...),
% new Time(...) in UTC: the calendar rolls a day, hour, minute or second out of its range
% over into the next (month and day are within 1..12 and 1..31 here). A year before 1970 or
% after 2099 (the model's dates), or a fraction finer than a millisecond, is not modelled.
lenient_instant(f(Y, Mo, D, H, Mi, Se, Nanos), Outcome) :-
    (   Y >= 1970, Y =< 2099, Nanos mod 1000000 =:= 0 ->
        civil_days(Y, Mo, Days1),
        M is (((Days1 + D - 1) * 24 + H) * 60 + Mi) * 60000 + Se * 1000 + Nanos // 1000000,
        (   M >= 0, M =< 4102444799999 -> Outcome = millis(M) ; Outcome = unmodelled )
    ;   Outcome = unmodelled
    ).

% The days from 1970-01-01 to the first of month Mo of year Y (proleptic Gregorian, the
% calendar java.util.Date uses from 1582 on).
civil_days(Y0, Mo, Days) :-
    (   Mo =< 2 -> Y is Y0 - 1 ; Y = Y0 ),
    Era is Y // 400,
    YearOfEra is Y - Era * 400,
    MonthFromMarch is (Mo + 9) mod 12,
    DayOfYear is (153 * MonthFromMarch + 2) // 5,
    DayOfEra is YearOfEra * 365 + YearOfEra // 4 - YearOfEra // 100 + DayOfYear,
    Days is Era * 146097 + DayOfEra - 719468.

%% text_of(+Class, ?D, -S, -Ex)
%
%  S is D.toString() of a java.sql.Date (Class date: yyyy-mm-dd), java.sql.Time (time:
%  hh:mm:ss), java.sql.Timestamp (timestamp: yyyy-mm-dd hh:mm:ss.f, the fraction without its
%  trailing zeros), LocalDate (local_date), LocalDateTime (local_date_time: the ISO text, its
%  seconds only when not zero) or Instant (instant: ISO, ending in Z): the fields of the
%  instant in the zone the tests run in (UTC); a text whose length the fields decide is a path
%  per length. Ex is a
%  NullPointerException flag for null. A Date of a year outside 1970..2099 abandons the path.
%
%  ?- dates:text_of(date, box(1580464800250), s(L, _), Ex).
%  L = 10, Ex = ok.
text_of(Class, D, S, Ex) :-
    text_kind(Class, Kind),
    boxes:shape(Kind, D),
    (   D == null -> Ex = exc('java.lang.NullPointerException')
    ;   value_text(Class, D, S),
        Ex = ok
    ).

%% value_text(+Class, ?D, -S)
%
%  S is String.valueOf(D), as a concatenation writes D: "null" for null, else text_of/4.
%
%  ?- dates:value_text(time, null, S).
%  S = s(4, [110, 117, 108, 108, 0, ...]).
value_text(Class, D, S) :-
    must_be(atom, Class),
    text_kind(Class, Kind),
    boxes:shape(Kind, D),
    (   D == null -> strings:literal("null", S)
    ;   D = box(M),
        instant_text(Class, M, Codes),
        strings:max_length(Max),
        length(Codes, Len),
        % Text longer than the bound on unknown strings has a known length: no padding.
        Pad is max(0, Max - Len),
        length(Zeros, Pad),
        maplist(=(0), Zeros),
        append(Codes, Zeros, Padded),
        S = s(Len, Padded)
    ).

instant_text(date, M, [Y1, Y2, Y3, Y4, 45, Mo1, Mo2, 45, D1, D2]) :-
    (   M in 0..4102444799999,
        instant(Y, Mo, D, 0, 0, 0, DayStart),
        M #= DayStart + Rest,
        Rest in 0..86399999,
        digits([Y1, Y2, Y3, Y4], Y),
        digits([Mo1, Mo2], Mo),
        digits([D1, D2], D)
    ;   M #< 0 #\/ M #> 4102444799999,
        jvm:abandon
    ).
instant_text(local_date, M, Codes) :- instant_text(date, M, Codes).
% The text of a LocalDateTime: the seconds only when they or the milliseconds are not zero.
instant_text(local_date_time, M, Codes) :-
    instant_text(date, M, Date),
    clock_fields(M, H, Mi, Se, Ms),
    digits([H1, H2], H),
    digits([Mi1, Mi2], Mi),
    (   Se #= 0, Ms #= 0, Rest = []
    ;   Se #\= 0, Ms #= 0, Rest = [58, Se1, Se2], digits([Se1, Se2], Se)
    ;   Ms #\= 0, Rest = [58, Se1, Se2, 46|Fraction], digits([Se1, Se2], Se), Fraction = [F1, F2, F3], digits(Fraction, Ms)
    ),
    append(Date, [84, H1, H2, 58, Mi1, Mi2|Rest], Codes).
% The text of an Instant (ISO, in UTC): milliseconds only when not zero.
instant_text(instant, M, Codes) :-
    instant_text(date, M, Date),
    clock_fields(M, H, Mi, Se, Ms),
    digits([H1, H2], H),
    digits([Mi1, Mi2], Mi),
    digits([Se1, Se2], Se),
    (   Ms #= 0, Fraction = []
    ;   Ms #\= 0, Fraction = [46, F1, F2, F3], digits([F1, F2, F3], Ms)
    ),
    append(Fraction, [90], End),
    append(Date, [84, H1, H2, 58, Mi1, Mi2, 58, Se1, Se2|End], Codes).
% The text of a Timestamp: its nanoseconds without their trailing zeros, at least one digit.
instant_text(timestamp, M, Codes) :-
    instant_text(date, M, Date),
    clock_fields(M, H, Mi, Se, Ms),
    digits([H1, H2], H),
    digits([Mi1, Mi2], Mi),
    digits([Se1, Se2], Se),
    (   Ms #= 0, Fraction = [48]
    ;   Ms #\= 0, Ms #= Tenths * 100, Fraction = [F1], digits([F1], Tenths)
    ;   Ms mod 100 #\= 0, Ms #= Hundredths * 10, Fraction = [F1, F2], digits([F1, F2], Hundredths)
    ;   Ms mod 10 #\= 0, Fraction = [F1, F2, F3], digits([F1, F2, F3], Ms)
    ),
    append(Date, [32, H1, H2, 58, Mi1, Mi2, 58, Se1, Se2, 46|Fraction], Codes).
instant_text(time, M, [H1, H2, 58, Mi1, Mi2, 58, Se1, Se2]) :-
    T #= M mod 86400000,
    H #= T // 3600000,
    Mi #= (T // 60000) mod 60,
    Se #= (T // 1000) mod 60,
    digits([H1, H2], H),
    digits([Mi1, Mi2], Mi),
    digits([Se1, Se2], Se).

% --- java.time ------------------------------------------------------------------------------

%% made(+Class, +Fields, -R, -Ex)
%
%  R is LocalDate.of(Y, Mo, D) (Class local_date, Fields [Y, Mo, D]) or LocalDateTime.of(Y, Mo,
%  D, H, Mi[, Se]) (local_date_time): the instant of those fields in UTC, or Ex the
%  DateTimeException a field out of its range (a day past its month's end) throws. Each
%  outcome is a path; a year outside 1970..2099 abandons the path (not modelled).
%
%  ?- dates:made(local_date, [2020, 1, 31], R, Ex).
%  R = box(1580428800000), Ex = ok ; ...
made(Class, Fields, R, Ex) :-
    must_be(atom, Class),
    made_fields(Class, Fields, Y, Mo, D, H, Mi, Se),
    (   Y in 1970..2099,
        (   instant(Y, Mo, D, H, Mi, Se, M),
            R = box(M),
            Ex = ok
        ;   invalid_fields(Y, Mo, D, H, Mi, Se),
            Ex = exc('java.time.DateTimeException')
        )
    ;   Y #< 1970 #\/ Y #> 2099,
        jvm:abandon
    ).

made_fields(local_date, [Y, Mo, D], Y, Mo, D, 0, 0, 0).
made_fields(local_date_time, [Y, Mo, D, H, Mi], Y, Mo, D, H, Mi, 0).
made_fields(local_date_time, [Y, Mo, D, H, Mi, Se], Y, Mo, D, H, Mi, Se).

% A field out of its range, or a day past the end of its month (year within 1970..2099).
invalid_fields(Y, Mo, D, H, Mi, Se) :-
    (   Mo #< 1 #\/ Mo #> 12 #\/ D #< 1 #\/ D #> 31 #\/ H #< 0 #\/ H #> 23 #\/ Mi #< 0 #\/ Mi #> 59
        #\/ Se #< 0 #\/ Se #> 59
    ;   Mo in 1..12, D in 29..31, H in 0..23, Mi in 0..59, Se in 0..59,
        Leap #<==> (Y mod 4 #= 0),
        element(Mo, [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], Length0),
        February #<==> (Mo #= 2),
        D #> Length0 + February * Leap
    ).

%% iso_parsed(+Class, ?S, -R, -Ex)
%
%  R is LocalDate.parse(S) (Class local_date: uuuu-MM-dd) or LocalDateTime.parse(S)
%  (local_date_time: uuuu-MM-ddTHH:mm[:ss[.SSS]]), the ISO forms, strictly (a day past its
%  month's end is no date), or Ex: DateTimeParseException for text that is no such date,
%  NullPointerException for null. Known text is parsed; a form the model does not follow (a
%  signed or longer year, a fraction finer than a millisecond, a year outside 1970..2099)
%  abandons the path. Unknown text is one of three kinds, each a path: the layout of the class
%  (uuuu-MM-dd, or uuuu-MM-ddTHH:mm: 16 characters), the empty text (DateTimeParseException),
%  or null; a text something constrained before (none of these) abandons a fourth path.
%
%  ?- strings:literal("2020-01-31T10:00:00.25", S), dates:iso_parsed(local_date_time, S, R, Ex).
%  R = box(1580464800250), Ex = ok.
iso_parsed(Class, S, R, Ex) :-
    must_be(atom, Class),
    (   memberchk(Class, [local_date, local_date_time]) -> true
    ;   domain_error(iso_text_class, Class, iso_parsed/4)
    ),
    strings:shape(S),
    (   S == null -> Ex = exc('java.lang.NullPointerException')
    ;   S = s(Len, Codes), integer(Len), ground(Codes) ->
        length(Text, Len),
        append(Text, _, Codes),
        (   iso_fields(Class, Text, Fields) -> iso_outcome(Fields, R, Ex)
        ;   iso_unfollowed(Text) -> jvm:abandon
        ;   Ex = exc('java.time.format.DateTimeParseException')
        )
    ;   unknown_iso_parsed(Class, S, R, Ex)
    ).

% The fields of a text in the ISO layout: digits where it has them, a month and a day of two
% digits, a time of HH:mm, then :ss and a fraction of 1 to 9 digits (LocalDateTime only).
iso_fields(local_date, Text, f(Y, Mo, D, 0, 0, 0, 0)) :-
    iso_date(Text, [], Y, Mo, D).
iso_fields(local_date_time, Text, f(Y, Mo, D, H, Mi, Se, Nanos)) :-
    iso_date(Text, [T|Time], Y, Mo, D),
    memberchk(T, [0'T, 0't]),
    Time = [H1, H2, 0':, Mi1, Mi2|Rest],
    iso_number([H1, H2], H),
    iso_number([Mi1, Mi2], Mi),
    (   Rest == [] -> Se = 0, Nanos = 0
    ;   Rest = [0':, S1, S2|Fraction],
        iso_number([S1, S2], Se),
        (   Fraction == [] -> Nanos = 0
        ;   Fraction = [0'.|Digits],
            length(Digits, Places),
            Places >= 1, Places =< 9,
            iso_number(Digits, F),
            Nanos is F * 10^(9 - Places)
        )
    ).

iso_date([Y1, Y2, Y3, Y4, 0'-, Mo1, Mo2, 0'-, D1, D2|Rest], Rest, Y, Mo, D) :-
    iso_number([Y1, Y2, Y3, Y4], Y),
    iso_number([Mo1, Mo2], Mo),
    iso_number([D1, D2], D).

iso_number(Codes, N) :-
    maplist(ascii_digit, Codes),
    foldl(decimal, Codes, 0, N).

% Text the ISO parser may read in a way the model does not follow: a signed year, a year of
% more than four digits, a decimal point without digits (JDKs differ on it).
iso_unfollowed([C|_]) :- memberchk(C, [0'+, 0'-]).
iso_unfollowed([C1, C2, C3, C4, C5|_]) :- maplist(ascii_digit, [C1, C2, C3, C4, C5]).
iso_unfollowed(Text) :- append(_, [0'.], Text).

% The fields checked as the STRICT resolver checks them: out of range or past the month's end
% is a DateTimeParseException; a year outside 1970..2099 or a fraction finer than a
% millisecond abandons the path.
iso_outcome(f(Y, Mo, D, H, Mi, Se, Nanos), R, Ex) :-
    (   Y < 1970 ; Y > 2099 ; Nanos mod 1000000 =\= 0 ),
    !,
    jvm:abandon.
iso_outcome(f(Y, Mo, D, H, Mi, Se, Nanos), R, Ex) :-
    (   instant(Y, Mo, D, H, Mi, Se, M0) ->
        M is M0 + Nanos // 1000000,
        R = box(M),
        Ex = ok
    ;   Ex = exc('java.time.format.DateTimeParseException')
    ).

unknown_iso_parsed(Class, S, R, Ex) :-
    S = s(Len, Codes),
    strings:max_length(Max),
    (   var(Codes), fd_inf(Len, 0), fd_sup(Len, Max) -> Untouched = true
    ;   of_an_iso_kind(Class, S) -> Untouched = true
    ;   Untouched = false
    ),
    (   iso_layout(Class, Layout, Y, Mo, D, H, Mi),
        laid_out(S, Layout),
        instant(Y, Mo, D, H, Mi, 0, M),
        R = box(M),
        Ex = ok
    ;   Len = 0,
        Ex = exc('java.time.format.DateTimeParseException')
    ;   Untouched == false,
        jvm:abandon
    ).

% uuuu-MM-dd, and uuuu-MM-ddTHH:mm (16 characters: the bound on unknown strings).
iso_layout(local_date, [Y1, Y2, Y3, Y4, 0'-, Mo1, Mo2, 0'-, D1, D2], Y, Mo, D, 0, 0) :-
    digits([Y1, Y2, Y3, Y4], Y),
    digits([Mo1, Mo2], Mo),
    digits([D1, D2], D).
iso_layout(local_date_time, Layout, Y, Mo, D, H, Mi) :-
    iso_layout(local_date, Date, Y, Mo, D, _, _),
    append(Date, [0'T, H1, H2, 0':, Mi1, Mi2], Layout),
    digits([H1, H2], H),
    digits([Mi1, Mi2], Mi).

% Whether S is a text parse already read (the same text parsed twice): empty, or of the
% layout's length with its separators and digits elsewhere.
of_an_iso_kind(Class, s(Len, Codes)) :-
    integer(Len),
    (   Len =:= 0 -> true
    ;   nonvar(Codes),
        \+ \+ ( iso_layout(Class, Layout, _, _, _, _, _), length(Layout, Len) ),
        length(Text, Len),
        append(Text, _, Codes),
        iso_kind_codes(Class, Text)
    ).

iso_kind_codes(Class, Text) :-
    iso_layout(Class, Layout, _, _, _, _, _),
    maplist(iso_kind_code, Layout, Text).

iso_kind_code(L, C) :-
    (   integer(L) -> C == L
    ;   only(C, 48..57)
    ).

%% field(+Field, +Kind, ?D, -V, -Ex)
%
%  V is D.getYear() (Field year), D.getMonthValue() (month) or D.getDayOfMonth() (day) of a
%  LocalDate or LocalDateTime D (shaped as Kind), in UTC; Ex is a NullPointerException flag
%  for null.
%
%  ?- dates:field(month, local_date, box(1580428800000), V, Ex).
%  V = 1, Ex = ok.
field(Field, Kind, D, V, Ex) :-
    must_be(atom, Field),
    boxes:unboxed(Kind, D, M, Ex),
    (   Ex == ok ->
        civil(M, Y, Mo, Day),
        field_value(Field, Y, Mo, Day, V)
    ;   true
    ).

field_value(year, Y, _, _, Y).
field_value(month, _, Mo, _, Mo).
field_value(day, _, _, D, D).

% The year, month and day (UTC) of an instant of 1970..2099.
civil(M, Y, Mo, D) :-
    M in 0..4102444799999,
    instant(Y, Mo, D, 0, 0, 0, DayStart),
    M #= DayStart + Rest,
    Rest in 0..86399999.

%% local_compared(?A, ?B, -R, -Ex)
%
%  R is A.compareTo(B) of two LocalDates: the difference of their years, else of their
%  months, else of their days (as the JDK computes it, not a sign); Ex a NullPointerException
%  flag when either is null.
%
%  ?- dates:local_compared(box(0), box(86400000), R, Ex).
%  R = -1, Ex = ok.
local_compared(A, B, R, Ex) :-
    both_unboxed(local_date, A, B, MA, MB, Ex),
    (   Ex == ok ->
        civil(MA, YA, MoA, DA),
        civil(MB, YB, MoB, DB),
        DY #= YA - YB,
        DM #= MoA - MoB,
        DD #= DA - DB,
        (DY #\= 0) #==> (R #= DY),
        (DY #= 0 #/\ DM #\= 0) #==> (R #= DM),
        (DY #= 0 #/\ DM #= 0) #==> (R #= DD)
    ;   true
    ).

%% time_compared(+Kind, ?A, ?B, -R, -Ex)
%
%  R is A.compareTo(B) as the JDK computes it, of two LocalDateTimes (Kind local_date_time): the
%  difference of their years, else of their months, else of their days, else the sign of the
%  difference of their times of day; or of two Instants (instant): the sign of the difference
%  of their seconds, else the difference of their nanoseconds. Ex is a NullPointerException
%  flag when either is null.
%
%  ?- dates:time_compared(instant, box(1500), box(1250), R, Ex).
%  R = 250000000, Ex = ok.
time_compared(Kind, A, B, R, Ex) :-
    must_be(atom, Kind),
    both_unboxed(date, A, B, MA, MB, Ex),
    (   Ex == ok -> instants_compared(Kind, MA, MB, R) ; true ).

instants_compared(instant, MA, MB, R) :-
    SA #= MA div 1000,
    SB #= MB div 1000,
    signed(SA, SB, Sign),
    (SA #\= SB) #==> (R #= Sign),
    (SA #= SB) #==> (R #= (MA - MB) * 1000000).
instants_compared(local_date_time, MA, MB, R) :-
    civil(MA, YA, MoA, DA),
    civil(MB, YB, MoB, DB),
    DY #= YA - YB,
    DM #= MoA - MoB,
    DD #= DA - DB,
    time_of_day(MA, TA),
    time_of_day(MB, TB),
    signed(TA, TB, Sign),
    (DY #\= 0) #==> (R #= DY),
    (DY #= 0 #/\ DM #\= 0) #==> (R #= DM),
    (DY #= 0 #/\ DM #= 0 #/\ DD #\= 0) #==> (R #= DD),
    (DY #= 0 #/\ DM #= 0 #/\ DD #= 0) #==> (R #= Sign).

% Sign is -1, 0 or 1 as A is less than, equal to or greater than B (Long.compare).
signed(A, B, Sign) :-
    Sign in -1..1,
    (A #< B) #<==> (Sign #= -1),
    (A #> B) #<==> (Sign #= 1).

%% days_added(+Kind, ?D, ?N, -R, -Ex)
%
%  R is D.plusDays(N) of a LocalDate or LocalDateTime D (shaped as Kind); Ex a
%  NullPointerException flag for null. A result outside 1970..2099 abandons the path, unless N
%  is known: then the input is kept where the result is within those years (no other Java
%  path is lost; a long N far from zero may throw DateTimeException).
%
%  ?- dates:days_added(local_date, box(0), 2, R, Ex).
%  R = box(172800000), Ex = ok.
days_added(Kind, D, N, R, Ex) :-
    boxes:unboxed(Kind, D, M, Ex),
    (   Ex == ok ->
        M1 #= M + N * 86400000,
        R = box(M1),
        (   integer(N) ->
            % Known days keep a result in range by the input's range (the same Java path).
            M1 in 0..4102444799999
        ;   (   M1 in 0..4102444799999
            ;   M1 #< 0 #\/ M1 #> 4102444799999, jvm:abandon
            )
        )
    ;   true
    ).

%% converted(+Conversion, +Kind, ?D, -R, -Ex)
%
%  R is the value D (shaped as Kind) converted in UTC, the zone the tests run in: Conversion
%  same (Date.valueOf(LocalDate), Timestamp.valueOf(LocalDateTime), LocalDate.atStartOfDay(),
%  Timestamp.from(Instant)...: the same instant) or day (toLocalDate(): the start of its day).
%  Ex is a NullPointerException flag for null.
%
%  ?- dates:converted(day, date, box(90000000), R, Ex).
%  R = box(86400000), Ex = ok.
converted(Conversion, Kind, D, R, Ex) :-
    must_be(atom, Conversion),
    boxes:unboxed(Kind, D, M, Ex),
    (   Ex == ok -> conversion(Conversion, M, M1), R = box(M1) ; true ).

conversion(same, M, M).
conversion(day, M, Day) :- day_start(M, Day).

% The hour, minute, second and millisecond of an instant (UTC).
clock_fields(M, H, Mi, Se, Ms) :-
    T #= M mod 86400000,
    H #= T // 3600000,
    Mi #= (T // 60000) mod 60,
    Se #= (T // 1000) mod 60,
    Ms #= T mod 1000.

% The shape of a value whose text the class gives.
text_kind(local_date, local_date) :- !.
text_kind(_, date).
