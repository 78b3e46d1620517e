% Summaries of vendor.Mixer, whose code hornet does not see.
% Each clause has the translated shape Pred(ArgsIn, Ret, StateIn, StateOut, ExFlag).

:- summary('vendor.Mixer.mix(int,int)', int).
'vendor.Mixer.mix(int,int)'([H, V], R, S, S, ok) :-
    jvm:arith(mul, int, H, 31, T),
    jvm:arith(add, int, T, V, R).

% Math.floorMod: the divisor's sign; n = 0 throws ArithmeticException.
:- summary('vendor.Mixer.bucket(int,int)', int).
'vendor.Mixer.bucket(int,int)'([_, N], _, S, S, exc('java.lang.ArithmeticException')) :-
    N #= 0.
'vendor.Mixer.bucket(int,int)'([H, N], R, S, S, ok) :-
    N #\= 0,
    R #= H mod N.
