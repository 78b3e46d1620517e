/* Hand-written summaries of java.util.Map (and new HashMap<>(), new LinkedHashMap<>()) over
   the heap's map cells (heap.pl), by their erased signatures: each takes the map's shape
   first, map(Key, Value) with Key string, box(int) or box(long) and Value string or box(Type)
   (the translation adds it), then the map, then the arguments: keys and values as the
   front end passes an Object, boxed. Each throws NullPointerException on a null map. The
   search for a key is in the library, where JaCoCo has no probe: its outcomes are paths,
   never branches. Booleans are 0 and 1.
*/

'java.util.HashMap.<init>()'([Type], Map, S0, S, ok) :-
    heap:new_map(Type, Map, S0, S).

'java.util.LinkedHashMap.<init>()'([Type], Map, S0, S, ok) :-
    heap:new_map(Type, Map, S0, S).

'java.util.Map.size(java.util.Map)'([Type, Map], Size, S0, S, Ex) :-
    heap:map_size(Type, Map, Size, S0, S, Ex).

'java.util.Map.isEmpty(java.util.Map)'([Type, Map], Empty, S0, S, Ex) :-
    heap:map_size(Type, Map, Size, S0, S, Ex),
    (   Ex == ok -> ( Size =:= 0 -> Empty = 1 ; Empty = 0 ) ; true ).

'java.util.Map.get(java.util.Map,Object)'([Type, Map, Key], Value, S0, S, Ex) :-
    heap:map_lookup(Type, Map, Key, _, Value, S0, S, Ex).

'java.util.Map.containsKey(java.util.Map,Object)'([Type, Map, Key], Found, S0, S, Ex) :-
    heap:map_lookup(Type, Map, Key, Index, _, S0, S, Ex),
    (   Ex == ok -> ( Index >= 0 -> Found = 1 ; Found = 0 ) ; true ).

% The value of an entry of Key, even a null one; Default when Key has none.
'java.util.Map.getOrDefault(java.util.Map,Object,Object)'([Type, Map, Key, Default], Value, S0, S, Ex) :-
    heap:map_lookup(Type, Map, Key, Index, Found, S0, S, Ex),
    (   Ex == ok -> ( Index >= 0 -> Value = Found ; Value = Default ) ; true ).

'java.util.Map.put(java.util.Map,Object,Object)'([Type, Map, Key, Value], Old, S0, S, Ex) :-
    heap:map_put(Type, Map, Key, Value, Old, S0, S, Ex).

'java.util.Map.putIfAbsent(java.util.Map,Object,Object)'([Type, Map, Key, Value], Old, S0, S, Ex) :-
    heap:map_put_if_absent(Type, Map, Key, Value, Old, S0, S, Ex).

'java.util.Map.remove(java.util.Map,Object)'([Type, Map, Key], Old, S0, S, Ex) :-
    heap:map_remove(Type, Map, Key, Old, S0, S, Ex).

'java.util.Map.clear(java.util.Map)'([Type, Map], void, S0, S, Ex) :-
    heap:map_clear(Type, Map, S0, S, Ex).
