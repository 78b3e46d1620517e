% A random source: any int in [0, bound) for a positive bound.
:- summary('vendor.Dice.roll(int)', int).
'vendor.Dice.roll(int)'([Bound], _, S, S, exc('java.lang.IllegalArgumentException')) :-
    Bound #=< 0.
'vendor.Dice.roll(int)'([Bound], R, S, S, ok) :-
    Bound #> 0,
    R in 0..sup,
    R #< Bound.
