% SQL in a summary, but no schema to check it against.
:- summary('vendor.Audit.clear(Connection)', void).
'vendor.Audit.clear(Connection)'([Conn], _, S0, S, Ex) :-
    sql(Conn, "DELETE FROM audit", [], S0, S, Ex).
