/* Hand-written summaries of java.util.List (and new ArrayList<>()) over the heap's list cells
   (heap.pl), by their erased signatures: each takes the list's shape first (list(int) for a
   List<Integer>, list(long) for a List<Long>, list(obj(Class)) for a list of objects of a class
   of the sources; the translation adds it), then the list, then the arguments. Each throws NullPointerException
   on a null list and IndexOutOfBoundsException where ArrayList does; these checks are paths,
   never branches, as the bytecode has no branch for them. In a list of ints, an Integer
   argument is boxed by the caller, a result unboxed, and no element is null (likewise longs in a
   list of longs); the elements of
   a list of objects are references (null included). Booleans are 0 and 1.
*/

'java.util.ArrayList.<init>()'([Type], List, S0, S, ok) :-
    heap:new_list(Type, List, S0, S).

% new ArrayList<>(capacity): a negative capacity throws; another is not observable, but the
% JVM allocates it, so a path whose capacity is too large to allocate in a test (beyond a
% million) is cut, as a path creating a too long array is.
'java.util.ArrayList.<init>(int)'([_, Capacity], _, S, S, exc('java.lang.IllegalArgumentException')) :-
    jvm:guarded(Capacity #< 0).
'java.util.ArrayList.<init>(int)'([Type, Capacity], List, S0, S, ok) :-
    jvm:guarded(Capacity #>= 0),
    jvm:guarded(Capacity #=< 1048576),
    heap:new_list(Type, List, S0, S).

'java.util.ArrayList.<init>(List)'([Type, Source], List, S0, S, Ex) :-
    heap:list_copy(Type, Source, List, S0, S, Ex).

'java.util.List.size(List)'([Type, List], Size, S0, S, Ex) :-
    heap:list_size(Type, List, Size, S0, S, Ex).

'java.util.List.isEmpty(List)'([Type, List], Empty, S0, S, Ex) :-
    heap:list_size(Type, List, Size, S0, S, Ex),
    Empty in 0..1,
    Empty #<==> (Size #= 0).

'java.util.List.get(List,int)'([Type, List, Index], Value, S0, S, Ex) :-
    heap:list_get(Type, List, Index, Value, S0, S, Ex).

'java.util.List.set(List,int,int)'([Type, List, Index, Value], Old, S0, S, Ex) :-
    heap:list_set(Type, List, Index, Value, Old, S0, S, Ex).

'java.util.List.set(List,int,long)'([Type, List, Index, Value], Old, S0, S, Ex) :-
    heap:list_set(Type, List, Index, Value, Old, S0, S, Ex).

'java.util.List.set(List,int,Object)'([Type, List, Index, Value], Old, S0, S, Ex) :-
    heap:list_set(Type, List, Index, Value, Old, S0, S, Ex).

% add(E) always returns true.
'java.util.List.add(List,int)'([Type, List, Value], 1, S0, S, Ex) :-
    heap:list_add(Type, List, Value, S0, S, Ex).

'java.util.List.add(List,long)'([Type, List, Value], 1, S0, S, Ex) :-
    heap:list_add(Type, List, Value, S0, S, Ex).

'java.util.List.add(List,Object)'([Type, List, Value], 1, S0, S, Ex) :-
    heap:list_add(Type, List, Value, S0, S, Ex).

'java.util.List.add(List,int,int)'([Type, List, Index, Value], void, S0, S, Ex) :-
    heap:list_insert(Type, List, Index, Value, S0, S, Ex).

'java.util.List.add(List,int,long)'([Type, List, Index, Value], void, S0, S, Ex) :-
    heap:list_insert(Type, List, Index, Value, S0, S, Ex).

'java.util.List.add(List,int,Object)'([Type, List, Index, Value], void, S0, S, Ex) :-
    heap:list_insert(Type, List, Index, Value, S0, S, Ex).

'java.util.List.remove(List,int)'([Type, List, Index], Value, S0, S, Ex) :-
    heap:list_remove(Type, List, Index, Value, S0, S, Ex).

'java.util.List.clear(List)'([Type, List], void, S0, S, Ex) :-
    heap:list_clear(Type, List, S0, S, Ex).

% contains and indexOf of a list of ints take an Object: an int argument is boxed, and
% equals compares values.
'java.util.List.contains(List,int)'([Type, List, Value], Found, S0, S, Ex) :-
    heap:list_contains(Type, List, Value, Found, S0, S, Ex).

'java.util.List.indexOf(List,int)'([Type, List, Value], Index, S0, S, Ex) :-
    heap:list_index_of(Type, List, Value, Index, S0, S, Ex).

'java.util.List.contains(List,long)'([Type, List, Value], Found, S0, S, Ex) :-
    heap:list_contains(Type, List, Value, Found, S0, S, Ex).

'java.util.List.indexOf(List,long)'([Type, List, Value], Index, S0, S, Ex) :-
    heap:list_index_of(Type, List, Value, Index, S0, S, Ex).

% contains, indexOf and remove(Object) of a List<String> compare with equals (by text).
'java.util.List.contains(List,Object)'([Type, List, Value], Found, S0, S, Ex) :-
    heap:list_contains(Type, List, Value, Found, S0, S, Ex).

'java.util.List.indexOf(List,Object)'([Type, List, Value], Index, S0, S, Ex) :-
    heap:list_index_of(Type, List, Value, Index, S0, S, Ex).

'java.util.List.remove(List,Object)'([Type, List, Value], Removed, S0, S, Ex) :-
    heap:list_remove_value(Type, List, Value, Removed, S0, S, Ex).
