/* Hand-written summaries of logging: the calls of java.util.logging, SLF4J and Log4j 2 loggers
   that write a record. What they write goes to a log no test observes, and none of them
   throws: each is one case that leaves the state as it is. The front end calls them only on a
   logger the library's factory made, with its arguments already evaluated (their values only
   make the message), so they take none here.
*/

'java.util.logging.Logger.severe()'([], void, S, S, ok).
'java.util.logging.Logger.warning()'([], void, S, S, ok).
'java.util.logging.Logger.info()'([], void, S, S, ok).
'java.util.logging.Logger.config()'([], void, S, S, ok).
'java.util.logging.Logger.fine()'([], void, S, S, ok).
'java.util.logging.Logger.finer()'([], void, S, S, ok).
'java.util.logging.Logger.finest()'([], void, S, S, ok).
'java.util.logging.Logger.log()'([], void, S, S, ok).
'java.util.logging.Logger.entering()'([], void, S, S, ok).
'java.util.logging.Logger.exiting()'([], void, S, S, ok).

'org.slf4j.Logger.trace()'([], void, S, S, ok).
'org.slf4j.Logger.debug()'([], void, S, S, ok).
'org.slf4j.Logger.info()'([], void, S, S, ok).
'org.slf4j.Logger.warn()'([], void, S, S, ok).
'org.slf4j.Logger.error()'([], void, S, S, ok).

'org.apache.logging.log4j.Logger.trace()'([], void, S, S, ok).
'org.apache.logging.log4j.Logger.debug()'([], void, S, S, ok).
'org.apache.logging.log4j.Logger.info()'([], void, S, S, ok).
'org.apache.logging.log4j.Logger.warn()'([], void, S, S, ok).
'org.apache.logging.log4j.Logger.error()'([], void, S, S, ok).
'org.apache.logging.log4j.Logger.fatal()'([], void, S, S, ok).
