/* Hand-written summaries of the methods of java.math.BigDecimal the supported subset calls,
   over prolog/boxes.pl's values: a BigDecimal is null or box(Units), its number in units of
   10^-4 (prolog/decimals.pl). Instance methods take the receiver first; a null receiver or
   argument throws NullPointerException, as BigDecimal's methods do. setScale's rounding mode
   is RoundingMode's ordinal (the front end passes only HALF_UP, 4, or UNNECESSARY, 7).
*/

'java.math.BigDecimal.<init>(long)'([I], box(U), S, S, ok) :- decimals:of_integer(I, U).
'java.math.BigDecimal.valueOf(long)'([I], box(U), S, S, ok) :- decimals:of_integer(I, U).

'java.math.BigDecimal.add(java.math.BigDecimal,java.math.BigDecimal)'([A, B], R, S, S, Ex) :- binary(add, A, B, R, Ex).
'java.math.BigDecimal.subtract(java.math.BigDecimal,java.math.BigDecimal)'([A, B], R, S, S, Ex) :- binary(subtract, A, B, R, Ex).
'java.math.BigDecimal.multiply(java.math.BigDecimal,java.math.BigDecimal)'([A, B], R, S, S, Ex) :- binary(multiply, A, B, R, Ex).
'java.math.BigDecimal.negate(java.math.BigDecimal)'([A], R, S, S, Ex) :- binary(negate, A, box(0), R, Ex).
'java.math.BigDecimal.abs(java.math.BigDecimal)'([A], R, S, S, Ex) :- binary(abs, A, box(0), R, Ex).
'java.math.BigDecimal.max(java.math.BigDecimal,java.math.BigDecimal)'([A, B], box(R), S, S, Ex) :- compared(max, A, B, R, Ex).
'java.math.BigDecimal.min(java.math.BigDecimal,java.math.BigDecimal)'([A, B], box(R), S, S, Ex) :- compared(min, A, B, R, Ex).
'java.math.BigDecimal.compareTo(java.math.BigDecimal,java.math.BigDecimal)'([A, B], R, S, S, Ex) :- compared(compare_to, A, B, R, Ex).
'java.math.BigDecimal.signum(java.math.BigDecimal)'([A], R, S, S, Ex) :- compared(signum, A, box(0), R, Ex).
'java.math.BigDecimal.setScale(java.math.BigDecimal,int,int)'([A, Scale, Mode], R, S, S, Ex) :-
    boxes:unboxed(decimal, A, U, Ex0),
    (   Ex0 == ok ->
        rounding_mode(Mode, Name),
        decimals:rounded(Scale, Name, U, R0, Ex),
        (   Ex == ok -> R = box(R0) ; true )
    ;   Ex = Ex0
    ).

rounding_mode(4, half_up).
rounding_mode(7, unnecessary).

binary(Op, A, B, box(R), Ex) :-
    boxes:unboxed(decimal, A, UA, ExA),
    (   ExA == ok ->
        boxes:unboxed(decimal, B, UB, Ex),
        (   Ex == ok -> decimals:arithmetic(Op, UA, UB, R) ; true )
    ;   Ex = ExA
    ).

compared(Op, A, B, R, Ex) :-
    boxes:unboxed(decimal, A, UA, ExA),
    (   ExA == ok ->
        boxes:unboxed(decimal, B, UB, Ex),
        (   Ex == ok -> decimals:compared(Op, UA, UB, R) ; true )
    ;   Ex = ExA
    ).
