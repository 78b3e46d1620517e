/* Hand-written summaries of the java.lang methods the supported subset may call.

   Same shape as a translated method: Pred(ArgsIn, Ret, StateIn, StateOut, ExFlag), named by
   the method's full signature. None of these touches the state or throws.
*/

'java.lang.Math.abs(int)'([A], R, S, S, ok) :-
    E #= abs(A),
    jvm:wrap(int, E, R).

'java.lang.Math.abs(long)'([A], R, S, S, ok) :-
    E #= abs(A),
    jvm:wrap(long, E, R).

'java.lang.Math.max(int,int)'([A, B], R, S, S, ok) :-
    R #= max(A, B).

'java.lang.Math.max(long,long)'([A, B], R, S, S, ok) :-
    R #= max(A, B).

'java.lang.Math.min(int,int)'([A, B], R, S, S, ok) :-
    R #= min(A, B).

'java.lang.Math.min(long,long)'([A, B], R, S, S, ok) :-
    R #= min(A, B).

% Integer.compare returns exactly -1, 0 or 1 (OpenJDK documents the sign only, and
% implements these values); one case each.
'java.lang.Integer.compare(int,int)'([A, B], R, S, S, ok) :-
    signum_of_difference(A, B, R).

'java.lang.Long.compare(long,long)'([A, B], R, S, S, ok) :-
    signum_of_difference(A, B, R).

signum_of_difference(A, B, -1) :- A #< B.
signum_of_difference(A, B, 0) :- A #= B.
signum_of_difference(A, B, 1) :- A #> B.
