/* Hand-written summaries of the methods of java.util.Date, java.sql.Date,
   java.sql.Timestamp and java.sql.Time the supported subset calls, over prolog/boxes.pl's values: a date is null
   or box(Millis), milliseconds since 1970-01-01T00:00 UTC (the generated tests run in UTC).
   Instance methods take the receiver first; a null receiver or argument throws
   NullPointerException, as Date's methods do.
*/

'java.util.Date.<init>(long)'([M], box(M), S, S, ok).
'java.sql.Date.<init>(long)'([M], box(M), S, S, ok).
'java.sql.Timestamp.<init>(long)'([M], box(M), S, S, ok).
'java.sql.Time.<init>(long)'([M], box(M), S, S, ok).
% new Date() reads the clock (dates:clock_read/3).
'java.util.Date.<init>()'([], box(C), S0, S, ok) :- dates:clock_read(C, S0, S).

'java.util.Date.getTime(java.util.Date)'([D], M, S, S, Ex) :- boxes:unboxed(date, D, M, Ex).
'java.util.Date.before(java.util.Date,java.util.Date)'([A, B], R, S, S, Ex) :- dates:compared(before, A, B, R, Ex).
'java.util.Date.after(java.util.Date,java.util.Date)'([A, B], R, S, S, Ex) :- dates:compared(after, A, B, R, Ex).
'java.util.Date.compareTo(java.util.Date,java.util.Date)'([A, B], R, S, S, Ex) :- dates:compared(compare_to, A, B, R, Ex).
'java.sql.Date.equals(java.sql.Date,java.sql.Date)'([A, B], R, S, S, Ex) :- boxes:equal(date, A, B, R, Ex).
'java.sql.Timestamp.equals(java.sql.Timestamp,java.sql.Timestamp)'([A, B], R, S, S, Ex) :- boxes:equal(date, A, B, R, Ex).
% Time does not override Date.equals: the same instant.
'java.sql.Time.equals(java.sql.Time,java.sql.Time)'([A, B], R, S, S, Ex) :- boxes:equal(date, A, B, R, Ex).

% Text parsed as the JDK parses it, in UTC (dates:text_parsed/4): a date, or
% IllegalArgumentException (NumberFormatException where a field is not a number).
'java.sql.Timestamp.valueOf(String)'([T], R, S, S, Ex) :- dates:text_parsed(timestamp, T, R, Ex).
'java.sql.Date.valueOf(String)'([T], R, S, S, Ex) :- dates:text_parsed(date, T, R, Ex).
'java.sql.Time.valueOf(String)'([T], R, S, S, Ex) :- dates:text_parsed(time, T, R, Ex).

% The text of a java.sql.Date or Time in UTC (dates:text_of/4): toString() throws
% NullPointerException for null, a concatenation (String.valueOf) writes "null".
'java.sql.Date.toString(java.sql.Date)'([D], S, St, St, Ex) :- dates:text_of(date, D, S, Ex).
'java.sql.Time.toString(java.sql.Time)'([D], S, St, St, Ex) :- dates:text_of(time, D, S, Ex).
'java.lang.String.valueOf(java.sql.Date)'([D], S, St, St, ok) :- dates:value_text(date, D, S).
'java.lang.String.valueOf(java.sql.Time)'([D], S, St, St, ok) :- dates:value_text(time, D, S).
