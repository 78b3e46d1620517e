% A clock whose summary has mistakes: each must be reported at its line.
:- summary('vendor.Clock.now()', long).
'vendor.Clock.now()'([], T, S, S, ok) :-
    T #>= 0.

:- summary('now()', long).
:- summary('vendor.Clock.sleep(double)', void).
:- summary('vendor.Clock.tick(int)', int

'vendor.Clock.tick(int)'([X], Y, S, S, ok) :-
    Y #= X + 1,
    (  .
