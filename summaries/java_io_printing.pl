/* Hand-written summaries of printing: System.out's and System.err's print and println of text,
   an int, a long, a boolean, a double or a float, and a caught exception's printStackTrace(). What they write goes
   to the console, which no test observes, and none of them throws (a null String prints as
   "null"): each is one case that leaves the state as it is. The front end calls them only on
   the standard streams and on a caught exception.
*/

'java.io.PrintStream.println()'([], void, S, S, ok).
'java.io.PrintStream.println(String)'([_], void, S, S, ok).
'java.io.PrintStream.println(int)'([_], void, S, S, ok).
'java.io.PrintStream.println(long)'([_], void, S, S, ok).
'java.io.PrintStream.println(boolean)'([_], void, S, S, ok).
'java.io.PrintStream.println(double)'([_], void, S, S, ok).
'java.io.PrintStream.println(float)'([_], void, S, S, ok).
'java.io.PrintStream.print(String)'([_], void, S, S, ok).
'java.io.PrintStream.print(int)'([_], void, S, S, ok).
'java.io.PrintStream.print(long)'([_], void, S, S, ok).
'java.io.PrintStream.print(boolean)'([_], void, S, S, ok).
'java.io.PrintStream.print(double)'([_], void, S, S, ok).
'java.io.PrintStream.print(float)'([_], void, S, S, ok).
'java.lang.Throwable.printStackTrace()'([], void, S, S, ok).
