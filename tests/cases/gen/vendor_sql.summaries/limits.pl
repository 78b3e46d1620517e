% The summary of vendor.Limits, whose code hornet does not see: a read of the rows the caller's
% database holds. Rows is the list of rows the SELECT gives (each a list of its values); the
% primary key allows none or one.

:- summary('vendor.Limits.limitOf(Connection,int)', int).
'vendor.Limits.limitOf(Connection,int)'([Conn, MemberId], Limit, S0, S, Ex) :-
    sql(Conn, "SELECT max_points FROM spending_limit WHERE member_id = ?", [MemberId], Rows, S0, S, Ex),
    (   Ex == ok ->
        (   Rows = [[Limit]]
        ;   Rows = [], Limit = 50
        )
    ;   true
    ).
