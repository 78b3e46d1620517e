/* Hand-written summary of java.lang.System.arraycopy, a native method: the paper's example of
   native code modelled by a summary (Albert et al., Table 2). Its cases: a null array
   (NullPointerException), a negative position or length or a range past an array's end
   (ArrayIndexOutOfBoundsException, what HotSpot throws), and the copy itself, one case per
   length and positions (heap:array_copy/8). The front end allows it only between arrays of
   the same type, whose lengths it reads first (a null array throws there, as arraycopy
   checks nulls before anything else), so the arrays are in the heap here.
*/

'java.lang.System.arraycopy(Object,int,Object,int,int)'([Src, SrcPos, Dest, DestPos, Length], void, S0, S, Ex) :-
    heap:array_copy(Src, SrcPos, Dest, DestPos, Length, S0, S, Ex).

% The clock: a reading of the window no test sets (dates:clock_read/3).
'java.lang.System.currentTimeMillis()'([], C, S0, S, ok) :- dates:clock_read(C, S0, S).
