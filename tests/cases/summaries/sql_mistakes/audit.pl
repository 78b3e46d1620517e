% SQL that does not fit the schema, or a goal that does not fit the method: each is reported
% at its place, and the file is left out.

:- summary('vendor.Audit.bad(Connection,int,String)', void).
'vendor.Audit.bad(Connection,int,String)'([Conn, User, _], _, S0, S, Ex) :-
    sql(Conn, "INSERT INTO audit (user_id, action) VALUES (?, ? ", [User, "x"], S0, S, Ex).
'vendor.Audit.bad(Connection,int,String)'([Conn, User, _], _, S0, S, Ex) :-
    sql(Conn, "INSERT INTO audit (user_id, what) VALUES (?, ?)", [User, "x"], S0, S, Ex).
'vendor.Audit.bad(Connection,int,String)'([Conn, User, _], _, S0, S, Ex) :-
    sql(Conn, "SELECT action FROM audit WHERE user_id = ?", [User, 2], _, S0, S, Ex).
'vendor.Audit.bad(Connection,int,String)'([Conn, _, _], _, S0, S, Ex) :-
    sql(Conn, "DELETE FROM audit WHERE user_id = ?", [Other], S0, S, Ex),
    Other = 1.
'vendor.Audit.bad(Connection,int,String)'([_, User, Action], _, S0, S, Ex) :-
    sql(User, "DELETE FROM audit WHERE action = ?", [Action], S0, S, Ex).
'vendor.Audit.bad(Connection,int,String)'([Conn, User, _], _, S0, S, Ex) :-
    sql(Conn, 'DELETE FROM audit', [User], S0, S, Ex).
'vendor.Audit.bad(Connection,int,String)'([Conn, _, _], _, S0, S) :-
    sql(Conn, "DELETE FROM audit", [], S0, S).
