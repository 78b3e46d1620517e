/* Hand-written summaries of the methods of java.time.LocalDate, LocalDateTime and Instant the
   supported subset calls, and of their conversions to and from the java.sql dates, over
   prolog/dates.pl's values: null or box(Millis), the instant in UTC (a LocalDate the start of
   its day; the generated tests of what converts run in UTC). Instance methods take the
   receiver first; a null receiver or argument throws NullPointerException, as the JDK's do
   (equals(null) is false).
*/

'java.time.LocalDate.of(int,int,int)'(Fields, R, S, S, Ex) :- dates:made(local_date, Fields, R, Ex).
'java.time.LocalDateTime.of(int,int,int,int,int)'(Fields, R, S, S, Ex) :- dates:made(local_date_time, Fields, R, Ex).
'java.time.LocalDateTime.of(int,int,int,int,int,int)'(Fields, R, S, S, Ex) :- dates:made(local_date_time, Fields, R, Ex).
% now() reads the clock (dates:clock_read/3); a LocalDate is the start of its day (UTC).
'java.time.LocalDate.now()'([], box(D), S0, S, ok) :- dates:clock_read(C, S0, S), dates:day_start(C, D).
'java.time.LocalDateTime.now()'([], box(C), S0, S, ok) :- dates:clock_read(C, S0, S).
'java.time.Instant.now()'([], box(C), S0, S, ok) :- dates:clock_read(C, S0, S).
'java.time.LocalDate.parse(String)'([T], R, S, S, Ex) :- dates:iso_parsed(local_date, T, R, Ex).
'java.time.LocalDateTime.parse(String)'([T], R, S, S, Ex) :- dates:iso_parsed(local_date_time, T, R, Ex).
'java.time.Instant.ofEpochMilli(long)'([M], R, S, S, Ex) :-
    (   M in 0..4102444799999, R = box(M), Ex = ok
    ;   M #< 0 #\/ M #> 4102444799999, jvm:abandon
    ).
'java.time.Instant.toEpochMilli(java.time.Instant)'([D], M, S, S, Ex) :- boxes:unboxed(date, D, M, Ex).

'java.time.LocalDate.isBefore(java.time.LocalDate,java.time.LocalDate)'([A, B], R, S, S, Ex) :- dates:compared(local_date, before, A, B, R, Ex).
'java.time.LocalDate.isAfter(java.time.LocalDate,java.time.LocalDate)'([A, B], R, S, S, Ex) :- dates:compared(local_date, after, A, B, R, Ex).
'java.time.LocalDateTime.isBefore(java.time.LocalDateTime,java.time.LocalDateTime)'([A, B], R, S, S, Ex) :- dates:compared(date, before, A, B, R, Ex).
'java.time.LocalDateTime.isAfter(java.time.LocalDateTime,java.time.LocalDateTime)'([A, B], R, S, S, Ex) :- dates:compared(date, after, A, B, R, Ex).
'java.time.Instant.isBefore(java.time.Instant,java.time.Instant)'([A, B], R, S, S, Ex) :- dates:compared(date, before, A, B, R, Ex).
'java.time.Instant.isAfter(java.time.Instant,java.time.Instant)'([A, B], R, S, S, Ex) :- dates:compared(date, after, A, B, R, Ex).
'java.time.LocalDate.equals(java.time.LocalDate,java.time.LocalDate)'([A, B], R, S, S, Ex) :- boxes:equal(local_date, A, B, R, Ex).
'java.time.LocalDateTime.equals(java.time.LocalDateTime,java.time.LocalDateTime)'([A, B], R, S, S, Ex) :- boxes:equal(date, A, B, R, Ex).
'java.time.Instant.equals(java.time.Instant,java.time.Instant)'([A, B], R, S, S, Ex) :- boxes:equal(date, A, B, R, Ex).
'java.time.LocalDate.compareTo(java.time.LocalDate,java.time.LocalDate)'([A, B], R, S, S, Ex) :- dates:local_compared(A, B, R, Ex).
'java.time.LocalDateTime.compareTo(java.time.LocalDateTime,java.time.LocalDateTime)'([A, B], R, S, S, Ex) :- dates:time_compared(local_date_time, A, B, R, Ex).
'java.time.Instant.compareTo(java.time.Instant,java.time.Instant)'([A, B], R, S, S, Ex) :- dates:time_compared(instant, A, B, R, Ex).

'java.time.LocalDate.plusDays(java.time.LocalDate,long)'([D, N], R, S, S, Ex) :- dates:days_added(local_date, D, N, R, Ex).
'java.time.LocalDate.minusDays(java.time.LocalDate,long)'([D, N], R, S, S, Ex) :- Back #= -N, dates:days_added(local_date, D, Back, R, Ex).
'java.time.LocalDateTime.plusDays(java.time.LocalDateTime,long)'([D, N], R, S, S, Ex) :- dates:days_added(date, D, N, R, Ex).
'java.time.LocalDateTime.minusDays(java.time.LocalDateTime,long)'([D, N], R, S, S, Ex) :- Back #= -N, dates:days_added(date, D, Back, R, Ex).

'java.time.LocalDate.getYear(java.time.LocalDate)'([D], V, S, S, Ex) :- dates:field(year, local_date, D, V, Ex).
'java.time.LocalDate.getMonthValue(java.time.LocalDate)'([D], V, S, S, Ex) :- dates:field(month, local_date, D, V, Ex).
'java.time.LocalDate.getDayOfMonth(java.time.LocalDate)'([D], V, S, S, Ex) :- dates:field(day, local_date, D, V, Ex).
'java.time.LocalDateTime.getYear(java.time.LocalDateTime)'([D], V, S, S, Ex) :- dates:field(year, date, D, V, Ex).
'java.time.LocalDateTime.getMonthValue(java.time.LocalDateTime)'([D], V, S, S, Ex) :- dates:field(month, date, D, V, Ex).
'java.time.LocalDateTime.getDayOfMonth(java.time.LocalDateTime)'([D], V, S, S, Ex) :- dates:field(day, date, D, V, Ex).

% Conversions, in UTC (the zone the tests run in).
'java.sql.Date.valueOf(java.time.LocalDate)'([D], R, S, S, Ex) :- dates:converted(same, local_date, D, R, Ex).
'java.sql.Date.toLocalDate(java.sql.Date)'([D], R, S, S, Ex) :- dates:converted(day, date, D, R, Ex).
'java.sql.Timestamp.valueOf(java.time.LocalDateTime)'([D], R, S, S, Ex) :- dates:converted(same, date, D, R, Ex).
'java.sql.Timestamp.toLocalDateTime(java.sql.Timestamp)'([D], R, S, S, Ex) :- dates:converted(same, date, D, R, Ex).
'java.sql.Timestamp.from(java.time.Instant)'([D], R, S, S, Ex) :- dates:converted(same, date, D, R, Ex).
'java.sql.Timestamp.toInstant(java.sql.Timestamp)'([D], R, S, S, Ex) :- dates:converted(same, date, D, R, Ex).
'java.time.LocalDate.atStartOfDay(java.time.LocalDate)'([D], R, S, S, Ex) :- dates:converted(same, local_date, D, R, Ex).
'java.time.LocalDateTime.toLocalDate(java.time.LocalDateTime)'([D], R, S, S, Ex) :- dates:converted(day, date, D, R, Ex).

% Text (dates:text_of/4), in UTC: toString() throws NullPointerException for null, a
% concatenation (String.valueOf) writes "null".
'java.time.LocalDate.toString(java.time.LocalDate)'([D], T, S, S, Ex) :- dates:text_of(local_date, D, T, Ex).
'java.time.LocalDateTime.toString(java.time.LocalDateTime)'([D], T, S, S, Ex) :- dates:text_of(local_date_time, D, T, Ex).
'java.time.Instant.toString(java.time.Instant)'([D], T, S, S, Ex) :- dates:text_of(instant, D, T, Ex).
'java.sql.Timestamp.toString(java.sql.Timestamp)'([D], T, S, S, Ex) :- dates:text_of(timestamp, D, T, Ex).
'java.lang.String.valueOf(java.time.LocalDate)'([D], T, S, S, ok) :- dates:value_text(local_date, D, T).
'java.lang.String.valueOf(java.time.LocalDateTime)'([D], T, S, S, ok) :- dates:value_text(local_date_time, D, T).
'java.lang.String.valueOf(java.time.Instant)'([D], T, S, S, ok) :- dates:value_text(instant, D, T).
'java.lang.String.valueOf(java.sql.Timestamp)'([D], T, S, S, ok) :- dates:value_text(timestamp, D, T).
