% The summary of vendor.AuditLog, whose code hornet does not see: one case, an INSERT on the
% caller's connection. The SQL is checked against the schema; a violation, a null connection
% or the caller's transaction behave as they would for the same statement in the caller.

:- summary('vendor.AuditLog.record(Connection,int,String)', void).
'vendor.AuditLog.record(Connection,int,String)'([Conn, UserId, Action], _, S0, S, Ex) :-
    sql(Conn, "INSERT INTO audit (user_id, action) VALUES (?, ?)", [UserId, Action], S0, S, Ex).
