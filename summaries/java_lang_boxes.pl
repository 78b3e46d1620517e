/* Hand-written summaries of the methods of java.lang.Integer, Long, Boolean, Double, Float, Byte,
   Short and Character the supported
   subset calls, over prolog/boxes.pl's values (null or box(V)). Boxing and unboxing are calls
   of valueOf and intValue (...), as javac compiles them. Instance methods take the receiver
   first; a null receiver throws NullPointerException.
*/

'java.lang.Integer.valueOf(int)'([V], box(V), S, S, ok).
'java.lang.Long.valueOf(long)'([V], box(V), S, S, ok).
'java.lang.Boolean.valueOf(boolean)'([V], box(V), S, S, ok).
'java.lang.Double.valueOf(double)'([V], box(V), S, S, ok).
'java.lang.Float.valueOf(float)'([V], box(V), S, S, ok).
'java.lang.Byte.valueOf(byte)'([V], box(V), S, S, ok).
'java.lang.Short.valueOf(short)'([V], box(V), S, S, ok).
'java.lang.Character.valueOf(char)'([V], box(V), S, S, ok).

'java.lang.Integer.intValue(Integer)'([B], V, S, S, Ex) :- boxes:unboxed(int, B, V, Ex).
'java.lang.Long.longValue(Long)'([B], V, S, S, Ex) :- boxes:unboxed(long, B, V, Ex).
'java.lang.Boolean.booleanValue(Boolean)'([B], V, S, S, Ex) :- boxes:unboxed(boolean, B, V, Ex).
'java.lang.Double.doubleValue(Double)'([B], V, S, S, Ex) :- boxes:unboxed(double, B, V, Ex).
'java.lang.Float.floatValue(Float)'([B], V, S, S, Ex) :- boxes:unboxed(float, B, V, Ex).
'java.lang.Byte.byteValue(Byte)'([B], V, S, S, Ex) :- boxes:unboxed(byte, B, V, Ex).
'java.lang.Short.shortValue(Short)'([B], V, S, S, Ex) :- boxes:unboxed(short, B, V, Ex).
'java.lang.Character.charValue(Character)'([B], V, S, S, Ex) :- boxes:unboxed(char, B, V, Ex).

'java.lang.Byte.equals(Byte,Byte)'([A, B], R, S, S, Ex) :- boxes:equal(byte, A, B, R, Ex).
'java.lang.Short.equals(Short,Short)'([A, B], R, S, S, Ex) :- boxes:equal(short, A, B, R, Ex).
'java.lang.Character.equals(Character,Character)'([A, B], R, S, S, Ex) :- boxes:equal(char, A, B, R, Ex).

'java.lang.Integer.equals(Integer,Integer)'([A, B], R, S, S, Ex) :- boxes:equal(int, A, B, R, Ex).
'java.lang.Long.equals(Long,Long)'([A, B], R, S, S, Ex) :- boxes:equal(long, A, B, R, Ex).
'java.lang.Boolean.equals(Boolean,Boolean)'([A, B], R, S, S, Ex) :- boxes:equal(boolean, A, B, R, Ex).

'java.util.Objects.equals(Integer,Integer)'([A, B], R, S, S, ok) :- boxes:objects_equal(int, A, B, R).
'java.util.Objects.equals(Long,Long)'([A, B], R, S, S, ok) :- boxes:objects_equal(long, A, B, R).
'java.util.Objects.equals(Boolean,Boolean)'([A, B], R, S, S, ok) :- boxes:objects_equal(boolean, A, B, R).
